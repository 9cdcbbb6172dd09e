// The country chooser's data lives in @grab/shared: the messaging-number page shows the same list.
export { type CountryOption, countryOptions, DIAL_CODES } from '@grab/shared/countries';
