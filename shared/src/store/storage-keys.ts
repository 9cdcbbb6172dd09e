/**
 * Local-storage keys shared with the host's guard, the early calls of index.html and the e2e tests.
 * A file of their own: the server builds the early calls' script from them without the store.
 */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_INFO_STORAGE_KEY = 'userInfo';
