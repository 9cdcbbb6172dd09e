import { z } from 'zod/mini';
import { Empty, endpoint, Points } from './envelope';

/** Task kinds of SPEC §1; `taskType` in queries names one of these. */
export const TASK_KINDS = ['joinGroup', 'share', 'hang', 'messaging', 'audit', 'registration', 'appDownload', 'redeemCode'] as const;
export const TaskKind = z.enum(TASK_KINDS);
export type TaskKind = z.infer<typeof TaskKind>;

export const TASK_SCHEDULES = ['once', 'recurring', 'timed'] as const;
export const TaskSchedule = z.enum(TASK_SCHEDULES);
export type TaskSchedule = z.infer<typeof TaskSchedule>;

/**
 * Where the earner stands with a task in the current period:
 * notStarted → inProgress → underReview → passed (reward ready to collect) / failed (with reason,
 * re-upload allowed) → completed (credited, nothing more this period). `closed`: the task cannot be
 * done now (`closedReason` says why).
 */
export const TaskStatus = z.enum(['notStarted', 'inProgress', 'underReview', 'passed', 'failed', 'completed', 'closed']);
export type TaskStatus = z.infer<typeof TaskStatus>;

/** What a stored run can be; `notStarted` and `closed` are views of the absence of one. */
export const RUN_STATUSES = ['inProgress', 'underReview', 'passed', 'failed', 'completed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const ClosedReason = z.enum(['ended', 'notOpenYet', 'dailyCap']);
export type ClosedReason = z.infer<typeof ClosedReason>;

/** What finishing a step takes: open a link, gather share visits, upload proof, or (later issues) online time / a messaging number. */
export const STEP_ACTIONS = ['open', 'share', 'proof', 'hang', 'messaging'] as const;
export const StepAction = z.enum(STEP_ACTIONS);
export type StepAction = z.infer<typeof StepAction>;

export const TaskStep = z.object({
  id: z.int(),
  /** The step's own page address; the client opens it with taskType, taskId and id (SPEC §2). */
  h5Url: z.string(),
  title: z.string(),
  action: StepAction,
});
export type TaskStep = z.infer<typeof TaskStep>;

export const Task = z.object({
  id: z.int(),
  kind: TaskKind,
  schedule: TaskSchedule,
  /** In the language of the request (Accept-Language), English when not translated. */
  title: z.string(),
  description: z.string(),
  /** What one completion pays, hundredths of a point; decided by the server. */
  reward: Points,
  minLevel: z.int().check(z.gte(1), z.lte(11)),
  /** Above the earner's level: the task shows the "level insufficient" tip instead of starting. */
  locked: z.boolean(),
  /** Recurring tasks: the time of day (UTC, HH:MM) at which progress resets. */
  resetTime: z.nullable(z.string()),
  /** Timed tasks: when the task closes (ISO 8601). */
  endsAt: z.nullable(z.string()),
  /** Timed tasks: whole hours left, rounded up; 0 once closed. */
  hoursLeft: z.nullable(z.int()),
  /** Completions this period, and how many count. */
  progress: z.object({ done: z.int(), total: z.int() }),
  status: TaskStatus,
  closedReason: z.nullable(ClosedReason),
  taskBranchList: z.array(TaskStep),
});
export type Task = z.infer<typeof Task>;

export const TaskListQuery = z.object({
  taskType: z.optional(TaskKind),
});

export const taskList = endpoint({ api: 'main', method: 'GET', path: '/app/task/list', auth: true, input: TaskListQuery, data: z.array(Task) });

/** Query ids arrive as text; they are coerced, and anything that is not a positive id is refused. */
const Id = z.pipe(z.coerce.number(), z.int().check(z.gt(0), z.lte(2_147_483_647)));

export const TaskIdQuery = z.object({ taskId: Id });

/** The earner's current attempt at a task in this period. */
export const TaskRun = z.object({
  id: z.int(),
  status: TaskStatus,
  /** The step to do next; null when every step is done. */
  currentStepId: z.nullable(z.int()),
  /** Why the last review failed. */
  reason: z.nullable(z.string()),
  /** Share steps: the earner's link and the visits it brought. */
  share: z.nullable(z.object({ linkId: z.string(), url: z.string(), visits: z.int(), visitsNeeded: z.int() })),
});
export type TaskRun = z.infer<typeof TaskRun>;

export const TaskDetail = z.extend(Task, {
  /** Recurring tasks: when progress next resets (ISO 8601). */
  nextResetAt: z.nullable(z.string()),
  /** Proof steps: how many screenshots a submission needs (1 or 2). */
  proofPictures: z.int().check(z.gte(0), z.lte(2)),
  /** Proof steps: what each picture shows, one label per picture in the request's language; empty when the task names none. */
  pictureLabels: z.array(z.string()),
  /** Proof steps: the configured review deadline in minutes (an undecided submission passes by then); null without a proof step. */
  reviewMinutes: z.nullable(z.int().check(z.gt(0))),
  /** Tasks with an open step (a partner site, an app's page, the page to follow): the page to open. Join-group links come from `tg-url`. */
  targetUrl: z.nullable(z.string()),
  /** Proof steps of tasks that ask the earner to post their invitation link (a status): that link, to copy or share beside the upload; null otherwise. */
  inviteLink: z.nullable(z.string()),
  earnerLevel: z.int(),
  run: z.nullable(TaskRun),
});
export type TaskDetail = z.infer<typeof TaskDetail>;

export const taskDetail = endpoint({ api: 'main', method: 'GET', path: '/app/task/detail', auth: true, input: TaskIdQuery, data: TaskDetail });

/** Upload ids are the random names `uploadImage` answered. */
export const UploadId = z.string().check(z.regex(/^[a-f0-9]{32}$/));

export const LeadingTaskInput = z.object({
  taskId: z.int().check(z.gt(0), z.lte(2_147_483_647)),
  /** The step just done; absent to start (or resume) the task. */
  stepId: z.optional(z.int().check(z.gt(0), z.lte(2_147_483_647))),
  /** Proof steps: the uploaded screenshots (checked by the server: 1 or 2, the earner's own). */
  pictures: z.optional(z.array(UploadId).check(z.maxLength(10))),
});

export const LeadingTaskResult = z.object({
  /** The step to open next (with taskType, taskId and id in its query), or null: back to /home?taskType=… */
  next: z.nullable(TaskStep),
  run: TaskRun,
});
export type LeadingTaskResult = z.infer<typeof LeadingTaskResult>;

export const leadingTask = endpoint({
  sends: true,
  api: 'main',
  method: 'POST',
  path: '/app/task/leading-task',
  auth: true,
  input: LeadingTaskInput,
  data: LeadingTaskResult,
});

export const Credit = z.object({
  /** What was credited, hundredths of a point. */
  reward: Points,
  /** The balance after it. */
  balance: Points,
});
export type Credit = z.infer<typeof Credit>;

/** Claims a finished run's reward. Idempotent: a second call answers the same credit and moves nothing. */
export const taskCollect = endpoint({ sends: true, api: 'main', method: 'GET', path: '/app/task/collect', auth: true, input: TaskIdQuery, data: Credit });

export const RedeemCode = z.string().check(z.trim(), z.minLength(1), z.maxLength(32));
export const ExchangeQuery = z.object({
  code: RedeemCode,
  /**
   * The client's key for one try of this code, sent again when the try is repeated: if the first
   * answer was lost, the repeat answers the same credit instead of "already redeemed".
   */
  attempt: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/))),
});

/**
 * Redeems a code: once per earner, limited uses, an expiry; each refusal has its own message. A
 * repeat with the first call's `attempt` answers the first call's credit and moves nothing.
 */
export const taskExchange = endpoint({ sends: true, api: 'main', method: 'GET', path: '/app/task/exchange', auth: true, input: ExchangeQuery, data: Credit });

export const taskTgUrl = endpoint({
  api: 'main',
  method: 'GET',
  path: '/app/task/tg-url',
  auth: true,
  input: TaskIdQuery,
  data: z.object({ url: z.string() }),
});

export const SUBMISSION_STATUSES = ['underReview', 'passed', 'failed'] as const;
export const SubmissionStatus = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof SubmissionStatus>;

export const Submission = z.object({
  id: z.int(),
  taskId: z.int(),
  taskTitle: z.string(),
  status: SubmissionStatus,
  reason: z.nullable(z.string()),
  pictures: z.array(z.string()),
  /** What a pass pays (or paid), hundredths of a point. */
  reward: Points,
  createdAt: z.string(),
  reviewedAt: z.nullable(z.string()),
});
export type Submission = z.infer<typeof Submission>;

export const AuditLogQuery = z.object({
  taskId: z.optional(Id),
  page: z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(10_000)))),
});

/** The earner's own submissions, newest first, 20 a page. */
export const taskAuditLog = endpoint({
  api: 'main',
  method: 'GET',
  path: '/app/task/audit-log',
  auth: true,
  input: AuditLogQuery,
  data: z.object({ list: z.array(Submission), hasMore: z.boolean() }),
});

export const AdvertisementInput = z.object({
  /** The `link_id` a share link carried. */
  linkId: z.string().check(z.regex(/^[A-Za-z0-9_-]{6,64}$/)),
  /** A random id the visitor's browser keeps, so a reload does not count twice. */
  visitorId: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
});

/** A visit through a share link; counted once per visitor (and never the sharer's own). Works without a session. */
export const advertisement = endpoint({
  api: 'main',
  method: 'POST',
  path: '/app/user/advertisement',
  auth: 'optional',
  input: AdvertisementInput,
  data: z.object({ counted: z.boolean() }),
});

/** The answer of `POST /app/upload/image` (raw image bytes as the body). */
export const UploadedImage = z.object({ id: UploadId, width: z.int(), height: z.int() });
export type UploadedImage = z.infer<typeof UploadedImage>;

export const UPLOAD_PATH = '/app/upload/image';
/** The upload as an endpoint: the body is the picture's raw bytes, so the contract describes only the answer. */
export const imageUpload = endpoint({ api: 'main', method: 'POST', path: UPLOAD_PATH, auth: true, input: Empty, data: UploadedImage });
/** `GET` this with the id appended (`/app/upload/image/<id>`) and the bearer token: owner and reviewers only. */
export const IMAGE_PATH = UPLOAD_PATH;
/** Larger files are refused before they are read. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_ACCEPT = ['image/jpeg', 'image/png', 'image/webp'] as const;


