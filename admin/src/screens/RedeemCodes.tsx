import { type CodeBatch, CodeBatchInput, codeBatchCodes, type DataOf } from '@grab/shared/contracts';
import { useCreate, useCustom } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { type InputHTMLAttributes, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../ui/contract-resolver';
import { DataTable, points, when } from '../ui/DataTable';
import { FormEnd } from '../ui/form-end';
import { Notice, refusalOf } from '../ui/operator-action';
import { EarnerRef } from '../ui/phone';

/** The form's values: points with decimals, the expiry in the operator's own time. */
interface FormValues {
  reward: number;
  count: number;
  maxUses: number;
  expiresAt: string;
  note: string;
}

const inAMonth = () => {
  const d = new Date(Date.now() + 30 * 86_400_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const toInput = (v: FormValues): CodeBatchInput => ({
  reward: Math.round(Number(v.reward) * 100),
  count: Number(v.count),
  maxUses: Number(v.maxUses),
  expiresAt: v.expiresAt ? new Date(v.expiresAt).toISOString() : '',
  note: v.note,
});

/** The batch form's fields, each with what it takes when refused. */
const FIELDS: { name: keyof FormValues; label: string; problem: string; input: InputHTMLAttributes<HTMLInputElement> }[] = [
  { name: 'reward', label: 'Reward per redemption (points)', problem: 'A reward above 0 points, at most 100,000', input: { type: 'number', step: '0.01', min: '0.01' } },
  { name: 'count', label: 'How many codes', problem: '1 to 500 codes', input: { type: 'number', min: '1', max: '500' } },
  { name: 'maxUses', label: 'Uses per code (each earner once)', problem: 'At least 1 use per code', input: { type: 'number', min: '1' } },
  { name: 'expiresAt', label: 'Expires at', problem: 'Choose when the codes expire', input: { type: 'datetime-local' } },
  { name: 'note', label: 'Note (where the codes go)', problem: 'At most 120 characters', input: { maxLength: 120 } },
];

function BatchForm({ onDone }: { onDone: (batch: CodeBatch) => void }) {
  const { mutateAsync } = useCreate<{ batch: CodeBatch }>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const resolver = useMemo(() => contractResolver<FormValues>(CodeBatchInput, toInput), []);
  const { register, handleSubmit, formState } = useForm<FormValues>({ resolver, defaultValues: { reward: 5, count: 20, maxUses: 1, expiresAt: inAMonth(), note: '' } });
  const submit = handleSubmit(async (checked) => {
    setRefusal(null);
    try {
      const answer = await mutateAsync({ resource: 'codeBatches', values: checked as unknown as CodeBatchInput, successNotification: false, errorNotification: false });
      onDone(answer.data.batch);
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  });
  return (
    <form className="task-form" onSubmit={submit} noValidate aria-labelledby="new-batch">
      <h2 id="new-batch">New batch of codes</h2>
      <div className="grid">
        {FIELDS.map((f) => (
          <label key={f.name}>
            {f.label}
            <input {...f.input} {...register(f.name)} aria-invalid={formState.errors[f.name] ? true : undefined} />
            {formState.errors[f.name] && <p className="error">{f.problem}</p>}
          </label>
        ))}
      </div>
      <FormEnd refusal={refusal} busy={formState.isSubmitting} label="Create codes" />
    </form>
  );
}

/** The batch's codes, one a line, for the message or sheet they are handed out in. */
function CopyCodes({ batchId, codes }: { batchId: number; codes: string[] }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${codes.join('\n')}\n`);
      setCopied(`${codes.length} codes copied, one a line.`);
    } catch {
      setCopied('The browser did not allow copying: select the codes in the table instead.');
    }
  };
  return (
    <p className="row-actions">
      <button type="button" onClick={() => void copy()}>
        Copy the {codes.length} codes of batch {batchId}
      </button>
      <span role="status">{copied}</span>
    </p>
  );
}

/** One batch: every code with its uses, and the latest redemptions with who made them. */
function BatchDetail({ batchId }: { batchId: number }) {
  const { result, query } = useCustom<DataOf<typeof codeBatchCodes>>({ url: codeBatchCodes.path, method: 'get', config: { query: { batchId } } });
  const data = result?.data;
  if (query.isLoading || !data?.batch) return <p>Loading batch {batchId}…</p>;
  return (
    <section className="batch" aria-labelledby={`batch-${batchId}`}>
      <h2 id={`batch-${batchId}`}>
        Batch {batchId}: {data.codes.length} codes · {points(data.batch.reward)} points · {data.batch.redeemed} redeemed
      </h2>
      <CopyCodes batchId={batchId} codes={data.codes.map((c) => c.code)} />
      <div className="batch-columns">
        <table>
          <caption>Codes of batch {batchId}</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Used</th>
              <th scope="col">Expires</th>
            </tr>
          </thead>
          <tbody>
            {data.codes.map((c) => (
              <tr key={c.code}>
                <td>
                  <code>{c.code}</code>
                </td>
                <td>
                  {c.used} / {c.maxUses}
                </td>
                <td>{when(c.expiresAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table>
          <caption>Redemptions of batch {batchId}</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Code</th>
              <th scope="col">Earner</th>
              <th scope="col">Points</th>
            </tr>
          </thead>
          <tbody>
            {data.redemptions.map((r) => (
              <tr key={`${r.code}:${r.earnerId}`}>
                <td>{when(r.redeemedAt)}</td>
                <td>
                  <code>{r.code}</code>
                </td>
                <td>
                  <EarnerRef phone={r.earnerPhone} id={r.earnerId} />
                </td>
                <td>{points(r.reward)}</td>
              </tr>
            ))}
            {data.redemptions.length === 0 && (
              <tr>
                <td colSpan={4} className="empty">
                  No redemption yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Redemption codes in batches: create one, list its codes, see who redeemed them. */
export function RedeemCodes() {
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const columns = useMemo<ColumnDef<CodeBatch>[]>(
    () => [
      { id: 'id', header: 'Batch', accessorKey: 'id' },
      { id: 'created', header: 'Made', cell: ({ row }) => when(row.original.createdAt) },
      { id: 'reward', header: 'Reward', cell: ({ row }) => points(row.original.reward) },
      { id: 'count', header: 'Codes', accessorKey: 'count' },
      { id: 'uses', header: 'Uses per code', accessorKey: 'maxUses' },
      { id: 'expires', header: 'Expires', cell: ({ row }) => when(row.original.expiresAt) },
      { id: 'redeemed', header: 'Redeemed', accessorKey: 'redeemed' },
      { id: 'note', header: 'Note', accessorKey: 'note' },
      {
        id: 'open',
        header: 'Codes',
        cell: ({ row }) => (
          <button type="button" aria-expanded={open === row.original.id} onClick={() => setOpen(open === row.original.id ? null : row.original.id)}>
            {open === row.original.id ? 'Hide' : `Show batch ${row.original.id}`}
          </button>
        ),
      },
    ],
    [open],
  );
  const table = useTable<CodeBatch>({ columns, refineCoreProps: { resource: 'codeBatches', pagination: { pageSize: 20 } } });
  return (
    <section aria-labelledby="codes-title">
      <h1 id="codes-title">Redemption codes</h1>
      <button type="button" onClick={() => setCreating(!creating)} aria-expanded={creating}>
        {creating ? 'Close the form' : 'New batch'}
      </button>
      <Notice message={message} />
      {creating && (
        <BatchForm
          onDone={(batch) => {
            setCreating(false);
            setOpen(batch.id);
            setMessage(`Batch ${batch.id} made: ${batch.count} codes.`);
            void table.refineCore.tableQuery.refetch();
          }}
        />
      )}
      <DataTable table={table} caption="Batches" empty="No batch of codes yet." />
      {open !== null && <BatchDetail key={open} batchId={open} />}
    </section>
  );
}
