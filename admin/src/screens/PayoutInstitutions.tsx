import { type ConsoleInstitution, configInstitution, configInstitutionPlace, InstitutionInput, methodsOf, type PaymentMethod } from '@grab/shared/contracts';
import { countryName, DIAL_CODES } from '@grab/shared/countries';
import { useState } from 'react';
import { ConfigSection, type OnSaved, useConfigCall } from '../ui/config-section';

const METHOD_LABELS: Record<PaymentMethod, { list: string; one: string }> = {
  bank: { list: 'Banks', one: 'bank' },
  upi: { list: 'UPI', one: 'UPI app' },
  wallet: { list: 'Wallets', one: 'wallet' },
};

interface RowValues {
  name: string;
  active: boolean;
}

const earnersText = (n: number) => (n === 0 ? 'No earner has it saved' : n === 1 ? '1 earner has it saved' : `${n.toLocaleString('en')} earners have it saved`);

/**
 * Up and down in the list earners choose from: the first is the one they see first. Each press
 * sends the place the row should take, so a press sent twice by a slow network moves it once.
 */
function MoveButtons({ row, index, count, onSaved }: { row: ConsoleInstitution; index: number; count: number; onSaved: OnSaved }) {
  const { send, refusal, busy } = useConfigCall(onSaved);
  const move = (to: number, word: string) => send(configInstitutionPlace.path, { id: row.id, index: to }, `${row.name} moved ${word}.`);
  return (
    <span className="moves">
      <button type="button" disabled={busy || index === 0} aria-label={`Move ${row.name} up`} onClick={() => move(index - 1, 'up')}>
        ↑
      </button>
      <button type="button" disabled={busy || index === count - 1} aria-label={`Move ${row.name} down`} onClick={() => move(index + 1, 'down')}>
        ↓
      </button>
      {refusal ? (
        <span className="error" role="alert">
          {refusal}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Where earners of each country can be paid: rename, switch off and on, or add a bank, UPI app or
 * wallet, and put them in the order earners see. Nothing is deleted: saved recipients and past
 * orders keep pointing at their institution.
 */
export function PayoutInstitutions({ institutions, onSaved }: { institutions: readonly ConsoleInstitution[]; onSaved: OnSaved }) {
  const [country, setCountry] = useState('IN');
  return (
    <div className="config-section institutions">
      <h2>Payout institutions</h2>
      <p>
        Switched off, an institution leaves the earners' lists at once, and earners who saved it are asked to choose another before their next withdrawal. Orders already requested are
        paid as they were. Earners see each list in the order shown here; the arrows move a row.
      </p>
      <label className="filter">
        Country
        <select value={country} onChange={(e) => setCountry(e.target.value)}>
          {Object.keys(DIAL_CODES).map((code) => (
            <option key={code} value={code}>
              {countryName(code, 'en')}
            </option>
          ))}
        </select>
      </label>
      {methodsOf(country).map((method) => {
        const rows = institutions.filter((i) => i.country === country && i.method === method);
        const label = METHOD_LABELS[method];
        return (
          <div key={method} className="institution-list">
            <h3>{label.list}</h3>
            {rows.map((row, index) => (
              <ConfigSection<RowValues>
                key={`${row.id}:${row.name}:${row.active}`}
                title={row.name}
                url={configInstitution.path}
                schema={InstitutionInput}
                defaults={{ name: row.name, active: row.active }}
                toInput={(v) => ({ id: row.id, country, method, name: v.name, active: v.active })}
                onSaved={onSaved}
                saveLabel={`Save ${row.name}`}
                savedText={`${row.name} saved.`}
              >
                {(register) => (
                  <>
                    <label>
                      Name
                      <input {...register('name')} maxLength={60} />
                    </label>
                    <label className="check">
                      <input type="checkbox" {...register('active')} />
                      Offered to earners
                    </label>
                    <span className="muted">
                      {row.active ? null : <strong className="off-tag">Switched off · </strong>}
                      {earnersText(row.recipients)}
                    </span>
                    <MoveButtons row={row} index={index} count={rows.length} onSaved={onSaved} />
                  </>
                )}
              </ConfigSection>
            ))}
            <ConfigSection<RowValues>
              key={`add:${country}:${method}:${rows.length}`}
              title={`Add a ${label.one}`}
              url={configInstitution.path}
              schema={InstitutionInput}
              defaults={{ name: '', active: true }}
              toInput={(v) => ({ id: null, country, method, name: v.name, active: v.active })}
              onSaved={onSaved}
              saveLabel={`Add ${label.one}`}
              savedText={`Added to ${countryName(country, 'en')}'s ${label.list.toLowerCase()}.`}
            >
              {(register) => (
                <label>
                  Name
                  <input {...register('name')} maxLength={60} />
                </label>
              )}
            </ConfigSection>
          </div>
        );
      })}
    </div>
  );
}
