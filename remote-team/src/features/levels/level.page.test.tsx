import { BrowserRouter, initI18n, queryClient } from '@grab/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { envelope, LEVEL_INFO, type Routes, stubTeamApi } from '../../../test/team-fixtures';
import LevelPage from './level.page';

let routes: Routes;
let api: ReturnType<typeof stubTeamApi>;

beforeEach(async () => {
  queryClient.clear();
  routes = { '/app/user/level-info': () => envelope(LEVEL_INFO), '/app/user/level-seen': () => envelope(null) };
  api = stubTeamApi(routes);
  await initI18n();
});

function renderPage() {
  return render(
    <BrowserRouter>
      <LevelPage />
    </BrowserRouter>,
  );
}

describe('LevelPage', () => {
  it('lists the eleven levels with their thresholds and rights, the earner’s own highlighted', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Levels' })).toBeTruthy();
    const levels = within(await screen.findByRole('region', { name: 'All levels' })).getAllByRole('listitem').filter((li) => li.parentElement?.tagName === 'OL');
    expect(levels).toHaveLength(11);
    expect(levels[0]?.textContent).toBe('LV1Every new member starts here.Level tasks');
    // A level that needs no invitee does not mention them; one invitee is one, not '1 active invitees'.
    expect(levels[1]?.textContent).toBe('LV2You are hereNeeds 500\u00a0points from tasksLevel tasksKeeps every right of LV1');
    expect(levels[2]?.textContent).toBe('LV3Needs 2,000\u00a0points from tasks and 1 active inviteeLevel tasksKeeps every right of LV2');
    expect(levels[3]?.textContent).toBe('LV4Needs 5,000\u00a0points from tasks and 2 active inviteesThe exclusive customer-service groupKeeps every right of LV3');
    expect(levels[5]?.textContent).toBe('LV6Needs 20,000\u00a0points from tasks and 5 active inviteesKeeps every right of LV5');
    const current = levels.filter((li) => li.getAttribute('aria-current') === 'true');
    expect(current.map((li) => within(li).getByRole('heading').textContent)).toEqual(['LV2']);
    expect(within(current[0] as HTMLElement).getByText('You are here')).toBeTruthy();
  });

  it('shows the progress to the next level in task points and active invitees', async () => {
    renderPage();
    expect((await screen.findByTestId('current-level')).textContent).toBe('LV2');
    expect(screen.getByText('To reach LV3')).toBeTruthy();
    const points = screen.getByRole('progressbar', { name: 'Task points' });
    expect(points.getAttribute('aria-valuenow')).toBe('75');
    expect(points.getAttribute('aria-valuetext')).toBe('1,500\u00a0points of 2,000\u00a0points');
    const invitees = screen.getByRole('progressbar', { name: 'Active invitees' });
    expect(invitees.getAttribute('aria-valuenow')).toBe('0');
    expect(invitees.getAttribute('aria-valuetext')).toBe('0 of 1');
  });

  it('says when the next level does not ask for a figure', async () => {
    routes['/app/user/level-info'] = () => envelope({ ...LEVEL_INFO, level: 1, next: LEVEL_INFO.levels[1], activeInvitees: 1 });
    renderPage();
    expect(await screen.findByText('Not needed for this level')).toBeTruthy();
    // No bar for it: a full one would claim progress, an empty one a shortfall.
    expect(screen.queryByRole('progressbar', { name: 'Active invitees' })).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Task points' })).toBeTruthy();
  });

  it('says so at the top level, with no bar left to fill', async () => {
    const top = LEVEL_INFO.levels[10];
    routes['/app/user/level-info'] = () => envelope({ ...LEVEL_INFO, level: 11, next: null, taskPoints: top?.minTaskPoints, activeInvitees: 60 });
    renderPage();
    expect(await screen.findByText('You have reached the highest level.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows "You reached LV n" once, until dismissed', async () => {
    const user = userEvent.setup();
    routes['/app/user/level-info'] = () => envelope({ ...LEVEL_INFO, unseenLevelUp: 2 });
    renderPage();
    const notice = await screen.findByRole('status', { name: 'You reached LV2!' });
    await user.click(within(notice).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('status', { name: 'You reached LV2!' })).toBeNull();
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/app/user/level-seen'));
  });

  it('offers a retry when the levels could not be loaded', async () => {
    const user = userEvent.setup();
    let failures = 1;
    routes['/app/user/level-info'] = () => (failures-- > 0 ? envelope(null, 500, 'Unavailable') : envelope(LEVEL_INFO));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('current-level')).textContent).toBe('LV2');
  });
});
