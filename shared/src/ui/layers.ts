/** SPEC §9: popups stack from z-index 2000 upward. */
export const Z_INDEX_POPUP = 2000;
