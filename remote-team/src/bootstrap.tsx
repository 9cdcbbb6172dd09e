import { renderStandalone } from '@grab/shared/standalone';
import TeamPage from './app/team.page';

// Development only: the remote's page on its own. In the product the host renders it.
void renderStandalone(<TeamPage />);
