import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminTask, AdminTaskInput, LanguageKey, STEP_ACTIONS, TASK_KINDS, TASK_SCHEDULES } from '@grab/shared/contracts';
import { useCreate, useCustomMutation } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { DataTable, points } from '../ui/DataTable';

const OTHER_LANGUAGES = LanguageKey.options.filter((l) => l !== 'en-US');

/** The form's values: points are typed with decimals, sent as hundredths. */
type FormValues = Omit<AdminTaskInput, 'reward'> & { reward: number };

const BLANK: FormValues = {
  kind: 'audit',
  schedule: 'once',
  title: '',
  description: '',
  reward: 1,
  minLevel: 1,
  dailyCap: null,
  position: 0,
  resetTime: null,
  endsAt: null,
  proofPictures: 1,
  targetUrl: null,
  steps: [{ title: 'Upload the screenshot', action: 'proof', h5Url: '/auditTask' }],
  texts: {},
};

const toInput = (v: FormValues): AdminTaskInput => ({
  ...v,
  reward: Math.round(Number(v.reward) * 100),
  minLevel: Number(v.minLevel),
  position: Number(v.position),
  proofPictures: Number(v.proofPictures),
  dailyCap: v.dailyCap === null || String(v.dailyCap) === '' ? null : Number(v.dailyCap),
  resetTime: v.resetTime || null,
  endsAt: v.endsAt ? new Date(v.endsAt).toISOString() : null,
  targetUrl: v.targetUrl || null,
});

function TaskForm({ onCreated }: { onCreated: () => void }) {
  const { mutateAsync } = useCreate<AdminTask>();
  const [isPending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The contract's own schema checks the form, on what will be sent.
  const resolver = useMemo(() => {
    const check = zodResolver(AdminTaskInput);
    return (values: FormValues, context: unknown, options: Parameters<typeof check>[2]) => check(toInput(values) as never, context, options as never) as never;
  }, []);
  const { register, handleSubmit, watch, control, reset, formState } = useForm<FormValues>({ resolver, defaultValues: BLANK });
  const steps = useFieldArray({ control, name: 'steps' });
  const schedule = watch('schedule');
  const texts = watch('texts');
  const missing = OTHER_LANGUAGES.filter((l) => !texts?.[l]?.title?.trim());
  const errors = formState.errors;
  // The resolver hands over what it checked: the contract's input, points already in hundredths.
  const submit = handleSubmit(async (checked) => {
    const values = checked as unknown as AdminTaskInput;
    setRefusal(null);
    setPending(true);
    try {
      await mutateAsync({ resource: 'tasks', values, successNotification: false, errorNotification: false });
      reset(BLANK);
      onCreated();
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  });
  return (
    <form className="task-form" onSubmit={submit} noValidate aria-labelledby="new-task">
      <h2 id="new-task">New task</h2>
      <div className="grid">
        <label>
          Kind
          <select {...register('kind')}>
            {TASK_KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
        <label>
          Schedule
          <select {...register('schedule')}>
            {TASK_SCHEDULES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        {schedule === 'recurring' && (
          <label>
            Resets at (UTC, HH:MM)
            <input {...register('resetTime')} placeholder="00:00" />
          </label>
        )}
        {schedule === 'timed' && (
          <label>
            Ends at
            <input type="datetime-local" {...register('endsAt')} />
          </label>
        )}
        <label>
          Reward (points)
          <input type="number" step="0.01" min="0" {...register('reward')} />
        </label>
        <label>
          Level gate
          <input type="number" min="1" max="11" {...register('minLevel')} />
        </label>
        <label>
          Daily cap (empty: none)
          <input type="number" min="1" {...register('dailyCap')} />
        </label>
        <label>
          Display order
          <input type="number" min="0" {...register('position')} />
        </label>
        <label>
          Pictures of proof
          <select {...register('proofPictures')}>
            <option value="1">1</option>
            <option value="2">2</option>
          </select>
        </label>
        <label>
          Link (group, page)
          <input {...register('targetUrl')} />
        </label>
      </div>
      <fieldset>
        <legend>Steps</legend>
        {steps.fields.map((field, i) => (
          <div key={field.id} className="step">
            <label>
              Step {i + 1} title
              <input {...register(`steps.${i}.title`)} />
            </label>
            <label>
              Action
              <select {...register(`steps.${i}.action`)}>
                {STEP_ACTIONS.map((a) => (
                  <option key={a}>{a}</option>
                ))}
              </select>
            </label>
            <label>
              Page
              <input {...register(`steps.${i}.h5Url`)} />
            </label>
            <button type="button" onClick={() => steps.remove(i)} disabled={steps.fields.length === 1}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" onClick={() => steps.append({ title: '', action: 'open', h5Url: '/taskDetail' })} disabled={steps.fields.length >= 5}>
          Add a step
        </button>
        {errors.steps && <p className="error">Every step needs a title (1 to 5 steps).</p>}
      </fieldset>
      <fieldset>
        <legend>Texts in every language</legend>
        <div className="languages">
          <div className="language">
            <h3>en-US</h3>
            <label>
              Title
              <input {...register('title')} aria-invalid={errors.title ? true : undefined} />
            </label>
            {errors.title && <p className="error">{errors.title.message ?? 'Required, 2 to 80 characters'}</p>}
            <label>
              Description
              <textarea rows={3} {...register('description')} />
            </label>
            {errors.description && <p className="error">{errors.description.message ?? 'Required, 2 to 400 characters'}</p>}
          </div>
          {OTHER_LANGUAGES.map((l) => (
            <div className="language" key={l} lang={l === 'ur-PK' ? 'ur' : undefined} dir={l === 'ur-PK' ? 'rtl' : undefined}>
              <h3>{l}</h3>
              <label>
                Title
                <input {...register(`texts.${l}.title`)} />
              </label>
              <label>
                Description
                <textarea rows={3} {...register(`texts.${l}.description`)} />
              </label>
            </div>
          ))}
        </div>
        {missing.length > 0 && (
          <p className="warning" role="status">
            Missing translation: {missing.join(', ')}. Earners of these languages will read English.
          </p>
        )}
      </fieldset>
      {Object.keys(errors).length > 0 && (
        <p className="error" role="alert">
          Some fields are not valid: {Object.keys(errors).join(', ')}.
        </p>
      )}
      {refusal && (
        <p className="error" role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" disabled={isPending}>
        Create task
      </button>
    </form>
  );
}

/** Every task, active first; create one, pause or resume it. */
export function Tasks() {
  const { mutateAsync } = useCustomMutation<AdminTask>();
  const [creating, setCreating] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The table is made after its columns; its refetch is reached through a ref.
  const refetch = useRef<() => Promise<unknown>>(async () => undefined);
  const columns = useMemo<ColumnDef<AdminTask>[]>(
    () => [
      { id: 'id', header: 'Id', accessorKey: 'id' },
      { id: 'title', header: 'Title', accessorKey: 'title' },
      { id: 'kind', header: 'Kind', cell: ({ row }) => `${row.original.kind} · ${row.original.schedule}` },
      { id: 'reward', header: 'Reward', cell: ({ row }) => points(row.original.reward) },
      { id: 'level', header: 'Level', accessorKey: 'minLevel' },
      { id: 'cap', header: 'Daily cap', cell: ({ row }) => row.original.dailyCap ?? '—' },
      {
        id: 'languages',
        header: 'Languages',
        cell: ({ row }) => {
          const count = 1 + Object.keys(row.original.texts).length;
          return count < 8 ? <span className="warning">{count}/8</span> : '8/8';
        },
      },
      {
        id: 'state',
        header: 'State',
        cell: ({ row }) => (
          <button
            type="button"
            onClick={async () => {
              try {
                await mutateAsync({ url: '/admin/tasks/active', method: 'post', values: { taskId: row.original.id, active: !row.original.active }, successNotification: false, errorNotification: false });
                setMessage(`Task ${row.original.id} ${row.original.active ? 'paused' : 'resumed'}.`);
                await refetch.current();
              } catch (error) {
                setMessage(error instanceof Error ? error.message : String(error));
              }
            }}
          >
            {row.original.active ? 'Active · Pause' : 'Paused · Resume'}
          </button>
        ),
      },
    ],
    [mutateAsync],
  );
  const table = useTable<AdminTask>({ columns, refineCoreProps: { resource: 'tasks', pagination: { pageSize: 30 } } });
  refetch.current = () => table.refineCore.tableQuery.refetch();
  return (
    <section aria-labelledby="tasks-title">
      <h1 id="tasks-title">Tasks</h1>
      <button type="button" onClick={() => setCreating(!creating)} aria-expanded={creating}>
        {creating ? 'Close the form' : 'New task'}
      </button>
      {message && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      {creating && (
        <TaskForm
          onCreated={() => {
            setCreating(false);
            setMessage('Task created.');
            void table.refineCore.tableQuery.refetch();
          }}
        />
      )}
      <DataTable table={table} caption="Tasks" />
    </section>
  );
}
