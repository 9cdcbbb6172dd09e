import { describeLocaleFiles } from '@grab/shared/testing';

// A few words are the same in several languages (Password, Account, Home in Filipino; LV{{level}}).
describeLocaleFiles('host', import.meta.dirname, 8);
