import { expect, test } from '../support/fixtures';
import { openTask, pictureChooser, startToProof, taskCard, taskTitled, uploadProof } from '../support/tasks';

// Playwright's trace snapshots read a blob: picture the phone could not draw with fetch(), which
// the page's Content Security Policy (rightly) refuses; the page itself never connects to it.
test.use({ trace: 'off' });

test('a bad file says why, in place of a broken picture and a pointless Try again; the page says how long a review takes', async ({ signedInPage: page, earner, request }) => {
  const task = await taskTitled(request, earner.token, 'Follow our official page');
  await openTask(page, task);
  await startToProof(page, task);
  // The seeded deadline is 48 hours: a submission nobody decides by then passes.
  await expect(page.getByText('Reviews are decided within 2 days.')).toBeVisible();
  const chooser = pictureChooser(page);
  const picture = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /Picture 1$/ }) });

  // Named like a picture, but not one: the server's reason, in the earner's language.
  await chooser.setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: Buffer.from('this is a text file, not a picture') });
  await expect(picture.getByRole('alert')).toHaveText('Please choose a JPEG, PNG or WebP picture');
  await expect(picture.locator('img')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Try again/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A picture cannot be used. Remove it and choose another.' })).toBeVisible();
  await page.getByRole('button', { name: /^Remove and choose another/ }).click();

  await uploadProof(page, task);
  await taskCard(page, task.title).getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Under review' })).toBeVisible();
  await expect(page.getByText('Reviews are decided within 2 days.')).toBeVisible();
});
