import { renderStandalone } from '@grab/shared/standalone';
import TaskHall from './features/task-hall/task-hall.page';

// Development only: the remote's page on its own. In the product the host renders it.
void renderStandalone(<TaskHall />);
