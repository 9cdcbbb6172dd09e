import type { APIRequestContext } from '@playwright/test';

/** The reviewer the demo seed creates; reviews are driven through the reviewer API until the console exists. */
export const SEEDED_REVIEWER = { country: 'IN', phone: '9000000001', password: 'grab-review-2026' } as const;

interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

export interface ReviewItem {
  id: number;
  taskId: number;
  earnerId: string;
  status: 'underReview' | 'passed' | 'failed';
  reason: string | null;
  pictures: string[];
}

async function envelope<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<Envelope<T>> {
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${response.url()} answered ${body.code}: ${body.msg}`);
  return body;
}

export class Reviewer {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<Reviewer> {
    const body = await envelope<{ token: string }>(await request.post('/login', { data: SEEDED_REVIEWER }));
    return new Reviewer(request, body.data.token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** The pending submission of one earner (by public id), waiting for it to arrive. */
  async pendingOf(earnerPublicId: string, taskId: number): Promise<ReviewItem> {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      for (let page = 1; page <= 20; page += 1) {
        const body = await envelope<{ list: ReviewItem[]; hasMore: boolean }>(
          await this.request.get(`/admin/review/list?status=underReview&page=${page}`, { headers: this.headers }),
        );
        const found = body.data.list.find((item) => item.earnerId === earnerPublicId && item.taskId === taskId);
        if (found) return found;
        if (!body.data.hasMore) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no pending submission of ${earnerPublicId} for task ${taskId}`);
  }

  async pass(submissionId: number): Promise<ReviewItem> {
    return (await envelope<ReviewItem>(await this.request.post('/admin/review/pass', { data: { submissionId }, headers: this.headers }))).data;
  }

  async fail(submissionId: number, reason: string): Promise<ReviewItem> {
    return (await envelope<ReviewItem>(await this.request.post('/admin/review/fail', { data: { submissionId, reason }, headers: this.headers }))).data;
  }
}

/** Moves one earner's clock (test hooks only): the server then sees that earner `offsetMs` later. */
export async function shiftClock(request: APIRequestContext, token: string, offsetMs: number): Promise<void> {
  await envelope(await request.post('/test/clock', { data: { offsetMs }, headers: { authorization: `Bearer ${token}` } }));
}
