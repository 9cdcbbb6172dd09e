import {
  adminOfferCreate,
  adminOfferList,
  adminTaskCreate,
  adminTaskList,
  auditList,
  codeBatchCreate,
  codeBatchList,
  type Endpoint,
  earnerLedger,
  earnerSearch,
  heldRebatesList,
  payoutList,
  signupFlags,
} from '@grab/shared/contracts';
import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { call } from './client';
import { CUSTOM_CALLS } from './operator-calls';

/** How each console resource is listed (and created) through the contracts of @grab/shared. */
interface Resource {
  list: Endpoint;
  /** The list's rows and whether more follow, from the endpoint's data. */
  rows: (data: never) => { list: BaseRecord[]; hasMore: boolean };
  create?: Endpoint;
  paged: boolean;
}

const paged = (data: { list: BaseRecord[]; hasMore: boolean }) => data;
const RESOURCES: Record<string, Resource> = {
  tasks: { list: adminTaskList, rows: paged, create: adminTaskCreate, paged: true },
  offers: { list: adminOfferList, rows: paged, create: adminOfferCreate, paged: true },
  codeBatches: { list: codeBatchList, rows: paged, create: codeBatchCreate, paged: true },
  withdrawals: { list: payoutList, rows: paged, paged: true },
  audit: { list: auditList, rows: paged, paged: true },
  earners: { list: earnerSearch, rows: (data: { list: BaseRecord[] }) => ({ list: data.list, hasMore: false }), paged: false },
  ledger: { list: earnerLedger, rows: paged, paged: true },
  heldRebates: { list: heldRebatesList, rows: paged, paged: true },
  signupFlags: {
    list: signupFlags,
    rows: (data: { items: BaseRecord[] }) => ({ list: data.items.map((f) => ({ id: f.key, ...f })), hasMore: data.items.length > 0 }),
    paged: true,
  },
};

function resourceOf(name: string): Resource {
  const resource = RESOURCES[name];
  if (!resource) throw new Error(`unknown resource ${name}`);
  return resource;
}

/** Filters become the endpoint's flat query fields; empty ones are left out. */
function queryOf(filters: CrudFilter[] | undefined): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const filter of filters ?? []) {
    if ('field' in filter && filter.value !== undefined && filter.value !== '' && filter.value !== null) query[filter.field] = filter.value;
  }
  return query;
}

const unsupported = (what: string) => () => Promise.reject(new Error(`${what} is not offered by the console`));

/**
 * The console's one data provider. Lists and creations go to the resource's contract endpoint;
 * every action (approve, fail, claim, freeze...) is a `custom` call naming the endpoint's path,
 * which must be one of the contracts' operator calls: no URL is ever built by hand.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => '',
  getList: async ({ resource, pagination, filters }) => {
    const r = resourceOf(resource);
    const page = pagination?.currentPage ?? 1;
    const pageSize = pagination?.pageSize ?? 20;
    const data = await call(r.list, { ...queryOf(filters), ...(r.paged ? { page } : {}) } as never);
    const { list, hasMore } = r.rows(data as never);
    // The server answers whether another page follows, not a count: enough for next/previous.
    return { data: list as never, total: (page - 1) * pageSize + list.length + (hasMore ? 1 : 0) };
  },
  getOne: unsupported('getOne'),
  create: async ({ resource, variables }) => {
    const r = resourceOf(resource);
    if (!r.create) throw new Error(`${resource} cannot be created here`);
    return { data: (await call(r.create, variables as never)) as never };
  },
  update: unsupported('update'),
  deleteOne: unsupported('deleteOne'),
  custom: async ({ url, method, payload, query }) => {
    const endpoint = CUSTOM_CALLS.find((e) => e.path === url && e.method === method.toUpperCase());
    if (!endpoint) throw new Error(`${method} ${url} is no operator call`);
    return { data: (await call(endpoint, (endpoint.method === 'GET' ? query : payload) as never)) as never };
  },
};
