import {
  type AdminOffer,
  AdminOfferEdit,
  AdminOfferInput,
  adminOfferArchive,
  adminOfferUpdate,
  CurrencyCode,
  OFFER_ICON_NAMES,
} from '@grab/shared/contracts';
import { useCreate, useCustomMutation } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../ui/contract-resolver';
import { DataTable, money } from '../ui/DataTable';
import { ArchiveActions, EditorPanel, useEditing } from '../ui/editing';
import { FormEnd } from '../ui/form-end';
import { refusalOf, useOperatorAction } from '../ui/operator-action';
import { LanguageCount, MissingTranslations, OTHER_LANGUAGES } from '../ui/translations';

/** Numbers as typed; the resolver turns them into the contract's integers. */
type FormValues = Omit<AdminOfferInput, 'listPrice' | 'discount' | 'position'> & { listPrice: string; discount: string; position: string };

const BLANK: FormValues = {
  currency: 'INR',
  partner: '',
  title: '',
  texts: {},
  icon: 'gift',
  url: 'https://',
  listPrice: '',
  discount: '8',
  position: '0',
};

const whole = (v: string) => (String(v).trim() === '' ? Number.NaN : Number(v));
const toInput = (v: FormValues): AdminOfferInput => ({ ...v, listPrice: whole(v.listPrice), discount: whole(v.discount), position: whole(v.position) });

const valuesOf = (offer: AdminOffer): FormValues => ({
  currency: offer.currency,
  partner: offer.partner,
  title: offer.title,
  texts: Object.fromEntries(OTHER_LANGUAGES.map((l) => [l, { title: offer.texts[l]?.title ?? '' }])),
  icon: offer.icon,
  url: offer.url,
  listPrice: String(offer.listPrice),
  discount: String(offer.discount),
  position: String(offer.position),
});

/** SPEC §9's tenths, said both ways so nobody reads 8 as "80 % off". */
const DISCOUNTS = [9, 8, 7, 6, 5, 4, 3, 2, 1].map((d) => ({ value: String(d), label: `pays ${d}/10 · ${100 - 10 * d} % off` }));

const PROBLEMS: Partial<Record<keyof FormValues, string>> = {
  partner: 'The partner: 2 to 60 characters',
  title: 'The English title: 2 to 80 characters',
  url: "The partner's https page",
  listPrice: 'The usual price in minor units: a whole number, at least 10',
  discount: 'Pick what share of the price the earner pays',
  position: 'Display order: 0 to 10,000',
  texts: 'A translated title has at most 80 characters',
};

/** Creates an offer, or edits `offer`. */
function OfferForm({ offer, onDone }: { offer?: AdminOffer; onDone: (message: string) => void }) {
  const { mutateAsync: create } = useCreate<AdminOffer>();
  const { mutateAsync: custom } = useCustomMutation<AdminOffer>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const resolver = useMemo(
    () => (offer ? contractResolver<FormValues>(AdminOfferEdit, (v) => ({ ...toInput(v), offerId: offer.id })) : contractResolver<FormValues>(AdminOfferInput, toInput)),
    [offer],
  );
  const { register, handleSubmit, watch, reset, formState } = useForm<FormValues>({ resolver, defaultValues: offer ? valuesOf(offer) : BLANK });
  const texts = watch('texts');
  const formId = offer ? `edit-offer-${offer.id}` : 'new-offer';
  useEffect(() => {
    if (offer) document.getElementById(formId)?.scrollIntoView({ block: 'start' });
  }, [offer, formId]);
  const submit = handleSubmit(async (checked) => {
    setRefusal(null);
    try {
      if (offer) {
        await custom({ url: adminOfferUpdate.path, method: 'post', values: checked as unknown as AdminOfferEdit, successNotification: false, errorNotification: false });
        onDone(`Offer ${offer.id} saved.`);
      } else {
        await create({ resource: 'offers', values: checked as unknown as AdminOfferInput, successNotification: false, errorNotification: false });
        reset(BLANK);
        onDone('Offer created.');
      }
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  });
  const problems = (Object.keys(formState.errors) as (keyof FormValues)[]).map((f) => PROBLEMS[f] ?? `${f} is not valid`);
  return (
    <form className="task-form" onSubmit={submit} noValidate aria-labelledby={formId}>
      <h2 id={formId}>{offer ? `Edit offer ${offer.id}` : 'New offer'}</h2>
      <div className="grid">
        <label>
          Currency (its earners see it)
          <select {...register('currency')}>
            {CurrencyCode.options.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label>
          Partner
          <input {...register('partner')} maxLength={60} aria-invalid={formState.errors.partner ? true : undefined} />
        </label>
        <label>
          Icon
          <select {...register('icon')}>
            {OFFER_ICON_NAMES.map((i) => (
              <option key={i}>{i}</option>
            ))}
          </select>
        </label>
        <label className="wide">
          Partner page (https)
          <input {...register('url')} inputMode="url" aria-invalid={formState.errors.url ? true : undefined} />
        </label>
        <label>
          Usual price (minor units)
          <input type="number" min="10" {...register('listPrice')} aria-invalid={formState.errors.listPrice ? true : undefined} />
        </label>
        <label>
          Earner pays
          <select {...register('discount')}>
            {DISCOUNTS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Display order
          <input type="number" min="0" {...register('position')} />
        </label>
      </div>
      <fieldset>
        <legend>Title in every language</legend>
        <div className="languages">
          <div className="language">
            <h3>en-US</h3>
            <label>
              Title
              <input {...register('title')} maxLength={80} aria-invalid={formState.errors.title ? true : undefined} />
            </label>
          </div>
          {OTHER_LANGUAGES.map((l) => (
            <div className="language" key={l} lang={l === 'ur-PK' ? 'ur' : undefined} dir={l === 'ur-PK' ? 'rtl' : undefined}>
              <h3>{l}</h3>
              <label>
                Title
                <input {...register(`texts.${l}.title`)} maxLength={80} />
              </label>
            </div>
          ))}
        </div>
        <MissingTranslations texts={texts} />
      </fieldset>
      <FormEnd problem={problems.length > 0 ? `Not saved: ${problems.join('; ')}.` : null} refusal={refusal} busy={formState.isSubmitting} label={offer ? 'Save offer' : 'Create offer'} />
    </form>
  );
}

/**
 * Partner offers per currency (configuration): create, edit and archive. The earner pays the
 * partner, never Grab, so prices here are the partner's money, not points.
 */
export function Offers() {
  const { act, message, say, refreshWith } = useOperatorAction();
  const editing = useEditing<AdminOffer>();
  const { edit } = editing;
  const [archiving, setArchiving] = useState<number | null>(null);
  const columns = useMemo<ColumnDef<AdminOffer>[]>(
    () => [
      { id: 'id', header: 'Id', accessorKey: 'id' },
      { id: 'currency', header: 'Currency', accessorKey: 'currency' },
      { id: 'partner', header: 'Partner', accessorKey: 'partner' },
      { id: 'title', header: 'Title', accessorKey: 'title' },
      {
        id: 'price',
        header: 'Price',
        cell: ({ row }) => {
          const o = row.original;
          return `${money(o.price, o.fractionDigits, o.currency)} (usually ${money(o.listPrice, o.fractionDigits, o.currency)}, ${100 - 10 * o.discount} % off)`;
        },
      },
      { id: 'order', header: 'Order', accessorKey: 'position' },
      { id: 'languages', header: 'Languages', cell: ({ row }) => <LanguageCount texts={row.original.texts} /> },
      { id: 'clicks', header: 'Opened by', cell: ({ row }) => `${row.original.clicks} earners` },
      {
        id: 'state',
        header: 'State',
        cell: ({ row }) => {
          const o = row.original;
          if (!o.active) return 'Archived';
          return (
            <ArchiveActions
              name={`offer ${o.id}`}
              confirming={archiving === o.id}
              onConfirming={(on) => setArchiving(on ? o.id : null)}
              onEdit={() => edit(o)}
              onArchive={() => act(adminOfferArchive.path, { offerId: o.id }, `Offer ${o.id} archived.`)}
            />
          );
        },
      },
    ],
    [archiving, act, edit],
  );
  const table = useTable<AdminOffer>({ columns, refineCoreProps: { resource: 'offers', pagination: { pageSize: 30 } } });
  refreshWith(() => table.refineCore.tableQuery.refetch());
  const currency = (table.refineCore.filters.find((f) => 'field' in f && f.field === 'currency')?.value as string | undefined) ?? '';
  const done = (text: string) => {
    editing.close();
    say(text);
    void table.refineCore.tableQuery.refetch();
  };
  return (
    <section aria-labelledby="offers-title">
      <h1 id="offers-title">Partner offers</h1>
      <p>Goods a partner sells at a discount to the earners of one currency. The earner pays the partner, never Grab; no points move.</p>
      <label className="filter">
        Currency
        <select value={currency} onChange={(e) => table.refineCore.setFilters([{ field: 'currency', operator: 'eq', value: e.target.value }], 'replace')}>
          <option value="">All</option>
          {CurrencyCode.options.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <EditorPanel editing={editing} newLabel="New offer" message={message} form={(offer) => <OfferForm key={offer?.id ?? 'new'} offer={offer} onDone={done} />} />
      <DataTable table={table} caption="Offers" />
    </section>
  );
}
