import { changeLanguage, LANGUAGES, type LanguageKey } from '@grab/shared';
import type { DrawPrizeLook } from '@grab/shared/contracts';
import { useRef, useState } from 'react';
import type { DrawHandle } from '../features/draw-widget/draw-widget';
import LuckyGrid from './lucky-grid.widget';
import LuckyWheel from './lucky-wheel.widget';
import SlotMachine from './slot-machine.widget';

// Development only (the stand-alone page): the three widgets with a pretend server that answers a
// random prize after a second, or cancels when "Fail the next answer" is ticked.
const COLOURS = ['#ffe9b5', '#d9f2e6', '#ffd6d6', '#dce8ff'];
const prizes: DrawPrizeLook[] = ['10', '20', '50', '5', '100', '1', '30', '15'].map((points, index) => ({
  background: COLOURS[index % COLOURS.length],
  fonts: [{ text: `${points} pts`, top: '20%' }],
}));

function Demo({ children }: { children: (ref: React.RefObject<DrawHandle | null>, onStart: () => void) => React.ReactNode }) {
  const ref = useRef<DrawHandle>(null);
  const fail = useRef(false);
  const [failNext, setFailNext] = useState(false);
  fail.current = failNext;
  const onStart = () => {
    setTimeout(() => ref.current?.stop(fail.current ? -1 : Math.floor(Math.random() * prizes.length)), 1000);
  };
  return (
    <div style={{ margin: '1rem 0' }}>
      {children(ref, onStart)}
      <label>
        <input type="checkbox" checked={failNext} onChange={(e) => setFailNext(e.target.checked)} /> Fail the next answer
      </label>
    </div>
  );
}

export default function DrawGallery() {
  return (
    <main className="g-page">
      <select aria-label="Language" onChange={(e) => void changeLanguage(e.target.value as LanguageKey)}>
        {LANGUAGES.map((l) => (
          <option key={l.key} value={l.key}>
            {l.name}
          </option>
        ))}
      </select>
      <Demo>
        {(ref, onStart) => (
          <LuckyWheel
            ref={ref}
            onStart={onStart}
            config={{ prizes, blocks: [{ padding: '12px', background: '#0a8f5a' }], buttons: [{ radius: '35%', background: '#077046', pointer: true, fonts: [{ text: 'GO', top: '-12px', fontColor: '#fff' }] }] }}
          />
        )}
      </Demo>
      <Demo>
        {(ref, onStart) => (
          <LuckyGrid ref={ref} onStart={onStart} config={{ prizes, blocks: [{ padding: '8px', background: '#0a8f5a', borderRadius: 12 }], buttons: [{ background: '#077046', fonts: [{ text: 'GO', top: '35%', fontColor: '#fff' }] }] }} />
        )}
      </Demo>
      <Demo>
        {(ref, onStart) => <SlotMachine ref={ref} onStart={onStart} config={{ prizes, blocks: [{ padding: '8px', background: '#0a8f5a' }] }} />}
      </Demo>
    </main>
  );
}
