import { lazy } from 'react';

// Each page is its own chunk: /login does not download the account page, and so on. The loaders
// are kept apart from the lazy components so that bootstrap can start the current page's download
// while the texts are still loading (see preload.ts). The named chunks are the ones the server hints
// in index.html for their route (@grab/shared/first-screens).
export const pageLoaders = {
  login: () => import(/* webpackChunkName: "login-page" */ '../features/auth/login.page'),
  register: () => import(/* webpackChunkName: "register-page" */ '../features/auth/register.page'),
  changePassword: () => import('../features/auth/change-password.page'),
  account: () => import(/* webpackChunkName: "account-page" */ '../features/account/account.page'),
  language: () => import('../features/language/language.page'),
  languageSelect: () => import('../features/language/language-select'),
  notSupported: () => import('../features/not-supported/not-supported.page'),
};

export const LoginPage = lazy(() => pageLoaders.login().then((m) => ({ default: m.LoginPage })));
export const RegisterPage = lazy(() => pageLoaders.register().then((m) => ({ default: m.RegisterPage })));
export const ChangePasswordPage = lazy(() => pageLoaders.changePassword().then((m) => ({ default: m.ChangePasswordPage })));
export const AccountPage = lazy(() => pageLoaders.account().then((m) => ({ default: m.AccountPage })));
export const LanguagePage = lazy(() => pageLoaders.language().then((m) => ({ default: m.LanguagePage })));
export const LanguageSelect = lazy(() => pageLoaders.languageSelect().then((m) => ({ default: m.LanguageSelect })));
export const NotSupportedPage = lazy(() => pageLoaders.notSupported().then((m) => ({ default: m.NotSupportedPage })));
export const NotFoundPage = lazy(() => pageLoaders.notSupported().then((m) => ({ default: m.NotFoundPage })));
