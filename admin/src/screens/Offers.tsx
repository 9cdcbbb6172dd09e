import {
  type AdminOffer,
  AdminOfferEdit,
  AdminOfferInput,
  adminOfferArchive,
  adminOfferUpdate,
  CurrencyCode,
  OFFER_ICON_NAMES,
} from '@grab/shared/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { contractResolver } from '../ui/contract-resolver';
import { DataTable, money } from '../ui/DataTable';
import { useCatalogue, useRowSave } from '../ui/catalogue';
import { EditorPanel } from '../ui/editing';
import { FormEnd } from '../ui/form-end';
import { Choice } from '../ui/choice';
import { LanguageBox, LanguageCount, MissingTranslations, OTHER_LANGUAGES } from '../ui/translations';

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
  const resolver = useMemo(
    () => (offer ? contractResolver<FormValues>(AdminOfferEdit, (v) => ({ ...toInput(v), offerId: offer.id })) : contractResolver<FormValues>(AdminOfferInput, toInput)),
    [offer],
  );
  const { register, handleSubmit, watch, reset, formState } = useForm<FormValues>({ resolver, defaultValues: offer ? valuesOf(offer) : BLANK });
  const texts = watch('texts');
  const { save, refusal, formId } = useRowSave({ resource: 'offers', noun: 'Offer', id: offer?.id, updatePath: adminOfferUpdate.path, onCreated: () => reset(BLANK), onDone });
  const submit = handleSubmit(save);
  const problems = (Object.keys(formState.errors) as (keyof FormValues)[]).map((f) => PROBLEMS[f] ?? `${f} is not valid`);
  return (
    <form className="task-form" onSubmit={submit} noValidate aria-labelledby={formId}>
      <h2 id={formId}>{offer ? `Edit offer ${offer.id}` : 'New offer'}</h2>
      <div className="grid">
        <Choice label="Currency (its earners see it)" options={CurrencyCode.options} field={register('currency')} />
        <label>
          Partner
          <input {...register('partner')} maxLength={60} aria-invalid={formState.errors.partner ? true : undefined} />
        </label>
        <Choice label="Icon" options={OFFER_ICON_NAMES} field={register('icon')} />
        <label className="wide">
          Partner page (https)
          <input {...register('url')} inputMode="url" aria-invalid={formState.errors.url ? true : undefined} />
        </label>
        <label>
          Usual price (minor units)
          <input type="number" min="10" {...register('listPrice')} aria-invalid={formState.errors.listPrice ? true : undefined} />
        </label>
        <Choice label="Earner pays" options={DISCOUNTS} field={register('discount')} />
        <label>
          Display order
          <input type="number" min="0" {...register('position')} />
        </label>
      </div>
      <fieldset>
        <legend>Title in every language</legend>
        <div className="languages">
          <LanguageBox language="en-US">
            <label>
              Title
              <input {...register('title')} maxLength={80} aria-invalid={formState.errors.title ? true : undefined} />
            </label>
          </LanguageBox>
          {OTHER_LANGUAGES.map((l) => (
            <LanguageBox key={l} language={l}>
              <label>
                Title
                <input {...register(`texts.${l}.title`)} maxLength={80} />
              </label>
            </LanguageBox>
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
  const { table, editing, message, noticeRef, done } = useCatalogue<AdminOffer>('offers', ({ actions }) => [
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
        return o.active ? actions(o, `offer ${o.id}`, { path: adminOfferArchive.path, values: { offerId: o.id } }) : 'Archived';
      },
    },
  ]);
  const currency = (table.refineCore.filters.find((f) => 'field' in f && f.field === 'currency')?.value as string | undefined) ?? '';
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
      <EditorPanel editing={editing} newLabel="New offer" message={message} noticeRef={noticeRef} form={(offer) => <OfferForm key={offer?.id ?? 'new'} offer={offer} onDone={done} />} />
      <DataTable table={table} caption="Offers" empty={currency ? `No offer in ${currency}: its earners see no partner offers.` : 'No offer yet: earners see no partner offers.'} />
    </section>
  );
}
