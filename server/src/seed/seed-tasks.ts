import type { StepAction, TaskKind, TaskSchedule } from '@grab/shared/contracts';
import type { SeedTaskKey } from './seed-task-texts';

export interface SeedStep {
  action: StepAction;
  h5Url: string;
  title: string;
}

export interface SeedTask {
  /** Names the task's translations in `TASK_TEXTS`; never stored. */
  key: SeedTaskKey;
  kind: TaskKind;
  schedule: TaskSchedule;
  title: string;
  description: string;
  /** Hundredths of a point. */
  reward: number;
  minLevel?: number;
  resetTime?: string;
  /** Timed tasks close this many days after the first start. */
  endsInDays?: number;
  timesPerPeriod?: number;
  targetUrl?: string;
  /** The proof page shows the earner's invitation link (a task that asks them to post it). */
  showsInviteLink?: true;
  proofPictures?: 1 | 2;
  /** What each proof picture shows (one per picture); translated in `TASK_TEXTS[key].pictures`. */
  pictureLabels?: string[];
  visitsNeeded?: number;
  dailyCap?: number;
  steps: SeedStep[];
}

// The task detail page shows the Open button for `targetUrl`, so registration, app-download and
// follow or review tasks open there; join-group tasks open the group page, which asks for the link itself.
const openOnDetail = (title: string): SeedStep => ({ action: 'open', h5Url: '/taskDetail', title });
const openGroup = (title: string): SeedStep => ({ action: 'open', h5Url: '/joinTgTask', title });
const proof = (title: string): SeedStep => ({ action: 'proof', h5Url: '/auditTask', title });
const share = (title: string): SeedStep => ({ action: 'share', h5Url: '/shareTask', title });

/**
 * The demo catalogue, in display order: what a new (level 1) earner can do comes first, the
 * level-gated tasks last. Partner pages are example domains: the demo names no real partner.
 */
export const SEED_TASKS: SeedTask[] = [
  {
    key: 'community',
    kind: 'joinGroup',
    schedule: 'once',
    title: 'Join our community group',
    description: 'Join the official Grab group to hear about new tasks first, then upload a screenshot that shows you joined.',
    reward: 5_00,
    targetUrl: 'https://t.me/+GrabCommunityDemo',
    steps: [openGroup('Open the group and join'), proof('Upload a screenshot of the joined group')],
  },
  {
    key: 'giftCode',
    kind: 'redeemCode',
    schedule: 'once',
    title: 'Redeem a gift code',
    description: 'Enter a gift code from an official Grab announcement to add its points to your balance. Codes are always free: never pay anyone for one.',
    // Each code carries its own reward (redeem_codes.reward); the task only presents the entry field.
    reward: 0,
    steps: [],
  },
  {
    key: 'dailyShare',
    kind: 'share',
    schedule: 'recurring',
    title: 'Share Grab with a friend',
    description: 'Share your link with a friend. Each share that someone opens counts, up to three times a day.',
    reward: 2_00,
    resetTime: '00:00',
    timesPerPeriod: 3,
    visitsNeeded: 1,
    steps: [share('Share your link')],
  },
  {
    key: 'followPage',
    kind: 'audit',
    schedule: 'once',
    title: 'Follow our official page',
    description: 'Follow the official Grab page and upload a screenshot that shows you follow it.',
    reward: 3_00,
    targetUrl: 'https://example.com/grab/official-page',
    proofPictures: 1,
    steps: [openOnDetail('Open the page and follow it'), proof('Upload a screenshot of the followed page')],
  },
  {
    key: 'partnerSignup',
    kind: 'registration',
    schedule: 'once',
    title: 'Sign up on a partner site',
    description: 'Create a free account on the partner site and upload a screenshot of your profile page. Signing up is free: never enter card or payment details.',
    // SPEC §9: a registration audit task pays 100 points.
    reward: 100_00,
    dailyCap: 500,
    targetUrl: 'https://example.com/partner/signup',
    proofPictures: 1,
    steps: [openOnDetail('Open the partner site and sign up'), proof('Upload a screenshot of your new account')],
  },
  {
    key: 'notesApp',
    kind: 'appDownload',
    schedule: 'once',
    title: 'Install the partner notes app',
    description: 'Install the free partner app from the official app store, open it once and upload a screenshot of its home screen.',
    reward: 20_00,
    targetUrl: 'https://example.com/apps/notes',
    proofPictures: 1,
    steps: [openOnDetail('Open the download page'), proof('Upload a screenshot of the opened app')],
  },
  {
    key: 'statusPost',
    kind: 'audit',
    schedule: 'recurring',
    title: 'Post Grab on your status',
    description: 'Post your invitation link on your messaging status and upload a screenshot of the post. You can do this once a day.',
    reward: 2_00,
    resetTime: '04:00',
    // The link to post is on the proof page, beside the upload, with Copy and Share.
    showsInviteLink: true,
    proofPictures: 1,
    steps: [proof('Copy your link, post it and upload a screenshot of your status')],
  },
  {
    key: 'eventShare',
    kind: 'share',
    schedule: 'timed',
    title: 'Bring three visitors this week',
    description: "Share your link during this week's event. The task is done once three different people have opened it.",
    reward: 10_00,
    endsInDays: 7,
    visitsNeeded: 3,
    steps: [share('Share your link until three people open it')],
  },
  {
    key: 'newsChannel',
    kind: 'joinGroup',
    schedule: 'timed',
    title: 'Join the announcements channel',
    description: 'Join the channel where official gift codes and new tasks are announced, then upload a screenshot.',
    reward: 3_00,
    endsInDays: 30,
    targetUrl: 'https://t.me/+GrabNewsDemo',
    steps: [openGroup('Open the channel and join'), proof('Upload a screenshot of the joined channel')],
  },
  {
    key: 'appReview',
    kind: 'audit',
    schedule: 'timed',
    title: 'Review a partner app honestly',
    description: "Write an honest review of the partner app in your app store, in your own words, good or bad. Upload two screenshots: your review and the app's page.",
    reward: 15_00,
    endsInDays: 7,
    targetUrl: 'https://example.com/apps/partner-review',
    proofPictures: 2,
    pictureLabels: ['Your review in the app store', "The app's page in the store"],
    steps: [openOnDetail("Open the app's page and write your review"), proof('Upload two screenshots: your review and the app page')],
  },
  {
    key: 'shopSignup',
    kind: 'registration',
    schedule: 'timed',
    title: 'Create a partner shop account',
    description: 'Register for free on the partner shop and upload a screenshot of your account page. No purchase is needed.',
    reward: 100_00,
    endsInDays: 30,
    targetUrl: 'https://example.org/shop/register',
    proofPictures: 1,
    steps: [openOnDetail('Open the shop and register'), proof('Upload a screenshot of your account page')],
  },
  {
    key: 'messaging',
    kind: 'messaging',
    schedule: 'recurring',
    title: 'Verify your messaging number',
    description: 'Send a one-time code to our official account to prove that the number is yours.',
    reward: 20_00,
    // Each verified number is a run: Home counts up to three a day (more still earn, to the day's cap).
    timesPerPeriod: 3,
    resetTime: '00:00',
    steps: [{ action: 'messaging', h5Url: '/wsTask', title: 'Send the code to our official account' }],
  },
  {
    key: 'hang',
    kind: 'hang',
    schedule: 'recurring',
    title: 'Stay online',
    description: 'Keep the online page open; every hour online earns points.',
    reward: 1_00,
    minLevel: 2,
    resetTime: '00:00',
    timesPerPeriod: 8,
    steps: [{ action: 'hang', h5Url: '/hangTask', title: 'Go online' }],
  },
  {
    key: 'fitnessApp',
    kind: 'appDownload',
    schedule: 'timed',
    title: 'Try the partner fitness app',
    description: 'Install the free partner app, finish its short setup and upload two screenshots: the installed app and the finished setup.',
    reward: 50_00,
    minLevel: 3,
    endsInDays: 30,
    targetUrl: 'https://example.com/apps/fitness',
    proofPictures: 2,
    pictureLabels: ['The installed app', 'The finished setup'],
    steps: [openOnDetail('Open the download page'), proof('Upload two screenshots')],
  },
];

/**
 * Titles of the catalogue the first demo seed wrote. A database holding exactly these (and no run
 * of them) has only ever seen the demo, so the current catalogue may replace it (see `seed.ts`).
 */
export const FIRST_SEED_TITLES = [
  'Sign up on a partner app',
  'Join our community group',
  'Share Grab with a friend',
  'Stay online',
  'Verify your messaging number',
  'Try the partner app this week',
];

export interface SeedRedeemCode {
  code: string;
  /** Hundredths of a point. */
  reward: number;
  maxUses: number;
  /** Days after the first start, or a fixed instant (a code that has already expired). */
  expires: { inDays: number } | { at: string };
}

export const SEED_REDEEM_CODES: SeedRedeemCode[] = [
  { code: 'WELCOME2026', reward: 10_00, maxUses: 100_000, expires: { inDays: 365 } },
  { code: 'GRAB5', reward: 20_00, maxUses: 5, expires: { inDays: 90 } },
  // Lets a demo try the "code expired" message.
  { code: 'EXPIRED2025', reward: 10_00, maxUses: 1_000, expires: { at: '2025-12-31T23:59:59Z' } },
];
