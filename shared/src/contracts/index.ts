// The package's contract entry: the server imports it as `@grab/shared/contracts`.
export * from './envelope';
export * from './auth.contracts';
export * from './user.contracts';
export * from './config.contracts';
export * from './task.contracts';
export * from './review.contracts';
export * from './team.contracts';
export * from './messaging.contracts';
export * from './sign';
export * from './remotes.contracts';
export * from './ledger.contracts';
export * from './wallet.contracts';
export * from './payouts.contracts';
export * from './admin.contracts';
export * from './levels.contracts';
export * from './draw.contracts';
export * from './draw-config';
