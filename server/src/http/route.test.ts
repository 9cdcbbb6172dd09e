import { endpoint } from '@grab/shared/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { route } from './route';

const Thing = z.object({ id: z.int(), name: z.string() });
const thing = endpoint({ api: 'main', method: 'GET', path: '/thing', auth: false, input: z.object({}), data: Thing });

async function appAnswering(answer: () => unknown, reusesAnswers: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  route(app, thing, async () => answer() as z.input<typeof Thing>, { reusesAnswers });
  await app.ready();
  return app;
}

describe('route with reused answers', () => {
  it('sends what the contract serializer sends: unknown fields stripped, same type', async () => {
    const kept = { id: 7, name: 'Asha', secret: 'not in the contract' };
    const plain = await appAnswering(() => ({ ...kept }), false);
    const reusing = await appAnswering(() => kept, true);
    const a = await plain.inject({ method: 'GET', url: '/thing' });
    for (let i = 0; i < 2; i++) {
      const b = await reusing.inject({ method: 'GET', url: '/thing' });
      expect(b.body).toBe(a.body);
      expect(b.headers['content-type']).toBe(a.headers['content-type']);
    }
    expect(a.json()).toEqual({ code: 200, data: { id: 7, name: 'Asha' }, msg: 'ok' });
    await plain.close();
    await reusing.close();
  });

  it('serializes a new object anew, and refuses one the contract refuses', async () => {
    let current: Record<string, unknown> = { id: 1, name: 'one' };
    const app = await appAnswering(() => current, true);
    expect((await app.inject({ method: 'GET', url: '/thing' })).json().data).toEqual({ id: 1, name: 'one' });
    current = { id: 2, name: 'two' };
    expect((await app.inject({ method: 'GET', url: '/thing' })).json().data).toEqual({ id: 2, name: 'two' });
    current = { id: 'three', name: 'three' };
    expect((await app.inject({ method: 'GET', url: '/thing' })).statusCode).toBe(500);
    await app.close();
  });
});
