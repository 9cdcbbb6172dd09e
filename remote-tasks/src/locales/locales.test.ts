import { describeLocaleFiles } from '@grab/shared/testing';

describeLocaleFiles('tasks', import.meta.dirname);
