import { type AdminTask, AdminTaskEdit, AdminTaskInput, adminTaskArchive, adminTaskSetActive, adminTaskUpdate, STEP_ACTIONS, TASK_KINDS, TASK_SCHEDULES } from '@grab/shared/contracts';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { contractResolver } from '../ui/contract-resolver';
import { DataTable, points } from '../ui/DataTable';
import { useCatalogue, useRowSave } from '../ui/catalogue';
import { EditorPanel } from '../ui/editing';
import { FormEnd } from '../ui/form-end';
import { Choice } from '../ui/choice';
import { LanguageBox, LanguageCount, MissingTranslations, OTHER_LANGUAGES } from '../ui/translations';

/** The browser's time zone, which a datetime-local field is in: the rest of the console writes UTC. */
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

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
  showsInviteLink: false,
  steps: [{ title: 'Upload the screenshot', action: 'proof', h5Url: '/auditTask' }],
  pictureLabels: ['', ''],
  texts: {},
};

/** `datetime-local` shows the operator's own time; the contract carries an ISO instant. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A stored task as the form's values (English in the columns, the other languages side by side). */
const valuesOf = (task: AdminTask): FormValues => ({
  kind: task.kind,
  schedule: task.schedule,
  title: task.title,
  description: task.description,
  reward: task.reward / 100,
  minLevel: task.minLevel,
  dailyCap: task.dailyCap,
  position: task.position,
  resetTime: task.resetTime,
  endsAt: task.endsAt ? localInput(task.endsAt) : null,
  proofPictures: task.proofPictures,
  targetUrl: task.targetUrl,
  showsInviteLink: task.showsInviteLink,
  steps: task.steps,
  pictureLabels: [task.pictureLabels[0] ?? '', task.pictureLabels[1] ?? ''],
  texts: Object.fromEntries(
    OTHER_LANGUAGES.map((l) => {
      const text = task.texts[l];
      return [l, { title: text?.title ?? '', description: text?.description ?? '', pictures: [text?.pictures?.[0] ?? '', text?.pictures?.[1] ?? ''] }];
    }),
  ),
});

/** The labels the pictures of proof carry: as many as pictures, or none when all are blank. */
const labelsFor = (labels: string[] | undefined, pictures: number) => {
  const shown = (labels ?? []).slice(0, pictures).map((l) => l.trim());
  return shown.some(Boolean) ? shown : [];
};

const toInput = (v: FormValues): AdminTaskInput => ({
  ...v,
  pictureLabels: labelsFor(v.pictureLabels, Number(v.proofPictures)),
  texts: Object.fromEntries(
    Object.entries(v.texts).map(([l, text]) => [l, text && { title: text.title, description: text.description, pictures: labelsFor(text.pictures, Number(v.proofPictures)) }]),
  ),
  reward: Math.round(Number(v.reward) * 100),
  minLevel: Number(v.minLevel),
  position: Number(v.position),
  proofPictures: Number(v.proofPictures),
  dailyCap: v.dailyCap === null || String(v.dailyCap) === '' ? null : Number(v.dailyCap),
  resetTime: v.resetTime || null,
  endsAt: v.endsAt ? new Date(v.endsAt).toISOString() : null,
  targetUrl: v.targetUrl || null,
  showsInviteLink: Boolean(v.showsInviteLink),
});

/** Creates a task, or edits `task` (its kind stays). */
function TaskForm({ task, onDone }: { task?: AdminTask; onDone: (message: string) => void }) {
  // An edit is checked by the edit's schema (the same fields and the task's id).
  const resolver = useMemo(
    () => (task ? contractResolver<FormValues>(AdminTaskEdit, (v) => ({ ...toInput(v), taskId: task.id })) : contractResolver<FormValues>(AdminTaskInput, toInput)),
    [task],
  );
  const { register, handleSubmit, watch, control, reset, formState } = useForm<FormValues>({ resolver, defaultValues: task ? valuesOf(task) : BLANK });
  const steps = useFieldArray({ control, name: 'steps' });
  const schedule = watch('schedule');
  const kind = watch('kind');
  const pictures = Number(watch('proofPictures'));
  const texts = watch('texts');
  const errors = formState.errors;
  const { save, refusal, formId } = useRowSave({ resource: 'tasks', noun: 'Task', id: task?.id, updatePath: adminTaskUpdate.path, onCreated: () => reset(BLANK), onDone });
  // The resolver hands over what it checked: the contract's input, points already in hundredths.
  const submit = handleSubmit(save);
  return (
    <form className="task-form" onSubmit={submit} noValidate aria-labelledby={formId}>
      <h2 id={formId}>{task ? `Edit task ${task.id}` : 'New task'}</h2>
      <div className="grid">
        {task ? (
          <p className="fixed">
            Kind <strong>{task.kind}</strong> (fixed)
          </p>
        ) : (
          <Choice label="Kind" options={TASK_KINDS} field={register('kind')} />
        )}
        <Choice label="Schedule" options={TASK_SCHEDULES} field={register('schedule')} />
        {schedule === 'recurring' && (
          <label>
            Resets at (UTC, HH:MM)
            <input {...register('resetTime')} placeholder="00:00" />
          </label>
        )}
        {schedule === 'timed' && (
          <label>
            Ends at ({BROWSER_ZONE} time; the lists show UTC)
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
        <Choice label="Pictures of proof" options={['1', '2']} field={register('proofPictures')} />
        <label>
          Link (group, page)
          <input {...register('targetUrl')} aria-invalid={errors.targetUrl ? true : undefined} />
          {errors.targetUrl && <span className="error">{errors.targetUrl.message ?? 'A link starts with https://'}</span>}
        </label>
        <label className="check">
          <input type="checkbox" {...register('showsInviteLink')} />
          The proof page shows the earner's invitation link (a task that asks them to post it)
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
            <Choice label="Action" options={STEP_ACTIONS} field={register(`steps.${i}.action`)} />
            <label>
              Page
              <input {...register(`steps.${i}.h5Url`)} aria-invalid={errors.steps?.[i]?.h5Url ? true : undefined} />
              {errors.steps?.[i]?.h5Url && <span className="error">{errors.steps[i]?.h5Url?.message}</span>}
            </label>
            <button type="button" onClick={() => steps.remove(i)} disabled={steps.fields.length === 1 && kind !== 'redeemCode'}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" onClick={() => steps.append({ title: '', action: 'open', h5Url: '/taskDetail' })} disabled={steps.fields.length >= 5}>
          Add a step
        </button>
        {(errors.steps?.root || errors.steps?.message || steps.fields.some((_, i) => errors.steps?.[i]?.title)) && (
          <p className="error">Every step needs a title (1 to 5 steps; a code task may have none).</p>
        )}
      </fieldset>
      {pictures === 2 && (
        <fieldset>
          <legend>What each picture shows (English; empty: no names)</legend>
          <div className="grid">
            <label>
              Picture 1
              <input {...register('pictureLabels.0')} placeholder="Your review" />
            </label>
            <label>
              Picture 2
              <input {...register('pictureLabels.1')} placeholder="The app page" />
            </label>
          </div>
          {errors.pictureLabels && <p className="error">Name both pictures (2 to 60 characters each), or neither.</p>}
        </fieldset>
      )}
      <fieldset>
        <legend>Texts in every language</legend>
        <div className="languages">
          <LanguageBox language="en-US">
            <label>
              Title
              <input {...register('title')} aria-invalid={errors.title ? true : undefined} />
            </label>
            {errors.title && <p className="error">{errors.title.message}</p>}
            <label>
              Description
              <textarea rows={3} {...register('description')} aria-invalid={errors.description ? true : undefined} />
            </label>
            {errors.description && <p className="error">{errors.description.message}</p>}
          </LanguageBox>
          {OTHER_LANGUAGES.map((l) => (
            <LanguageBox key={l} language={l}>
              <label>
                Title
                <input {...register(`texts.${l}.title`)} />
              </label>
              <label>
                Description
                <textarea rows={3} {...register(`texts.${l}.description`)} />
              </label>
              {pictures === 2 &&
                [0, 1].map((i) => (
                  <label key={i}>
                    Picture {i + 1}
                    <input {...register(`texts.${l}.pictures.${i}` as `texts.${typeof l}.pictures.0`)} />
                  </label>
                ))}
            </LanguageBox>
          ))}
        </div>
        <MissingTranslations texts={texts} />
      </fieldset>
      <FormEnd
        problem={Object.keys(errors).length > 0 ? `Some fields are not valid: ${Object.keys(errors).join(', ')}.` : null}
        refusal={refusal}
        busy={formState.isSubmitting}
        label={task ? 'Save task' : 'Create task'}
      />
    </form>
  );
}

/** Every task, active first and archived last; create, edit, pause, resume or archive one. */
export function Tasks() {
  const { table, editing, message, noticeRef, done } = useCatalogue<AdminTask>('tasks', ({ actions, act }) => [
    { id: 'id', header: 'Id', accessorKey: 'id' },
    { id: 'title', header: 'Title', accessorKey: 'title' },
    { id: 'kind', header: 'Kind', cell: ({ row }) => `${row.original.kind} · ${row.original.schedule}${row.original.resetTime ? ` ${row.original.resetTime}` : ''}` },
    { id: 'reward', header: 'Reward', cell: ({ row }) => points(row.original.reward) },
    { id: 'level', header: 'Level', accessorKey: 'minLevel' },
    { id: 'cap', header: 'Daily cap', cell: ({ row }) => row.original.dailyCap ?? '—' },
    { id: 'order', header: 'Order', accessorKey: 'position' },
    { id: 'languages', header: 'Languages', cell: ({ row }) => <LanguageCount texts={row.original.texts} /> },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => {
        const t = row.original;
        if (t.archivedAt) return 'Archived';
        return actions(
          t,
          `task ${t.id}`,
          { path: adminTaskArchive.path, values: { taskId: t.id } },
          <button type="button" onClick={() => void act(adminTaskSetActive.path, { taskId: t.id, active: !t.active }, `Task ${t.id} ${t.active ? 'paused' : 'resumed'}.`)}>
            {t.active ? 'Active · Pause' : 'Paused · Resume'}
          </button>,
        );
      },
    },
  ]);
  return (
    <section aria-labelledby="tasks-title">
      <h1 id="tasks-title">Tasks</h1>
      <EditorPanel editing={editing} newLabel="New task" message={message} noticeRef={noticeRef} form={(task) => <TaskForm key={task?.id ?? 'new'} task={task} onDone={done} />} />
      <DataTable table={table} caption="Tasks" empty="No tasks yet: earners see an empty task hall until one is added with New task." />
    </section>
  );
}
