import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { remoteFederation } from '../tools/mf/federation';

export default createModuleFederationConfig(
  remoteFederation('remote_tasks', {
    './TaskHall': './src/features/task-hall/task-hall.page.tsx',
    './TaskDetail': './src/features/task-detail/task-detail.page.tsx',
    './JoinGroupTask': './src/features/join-group/join-group.page.tsx',
    './ShareTask': './src/features/share-task/share-task.page.tsx',
    './AuditTask': './src/features/audit-task/audit-task.page.tsx',
    './MessagingNumber': './src/features/messaging-number/messaging-number.page.tsx',
    './OnlineTime': './src/features/online-time/online-time.page.tsx',
  }),
);
