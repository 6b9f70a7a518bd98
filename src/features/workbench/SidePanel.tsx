import { useState } from 'react';
import { ChartsPanel } from '../charts/ChartsPanel';
import { ComparePanel } from '../compare/ComparePanel';
import { JudgePanel } from '../judge/JudgePanel';
import { LabelsPanel } from '../labels/LabelsPanel';
import { SharePanel } from '../share/SharePanel';
import { TunePanel } from '../tuning/TunePanel';

const TABS = [
  { id: 'tune', label: 'Tune', Panel: TunePanel },
  { id: 'charts', label: 'Charts', Panel: ChartsPanel },
  { id: 'judge', label: 'Judge', Panel: JudgePanel },
  { id: 'labels', label: 'Labels', Panel: LabelsPanel },
  { id: 'compare', label: 'Compare', Panel: ComparePanel },
  { id: 'share', label: 'Share', Panel: SharePanel },
] as const;

type TabId = (typeof TABS)[number]['id'];

export function SidePanel() {
  const [tab, setTab] = useState<TabId>('tune');
  const Active = TABS.find((t) => t.id === tab)!.Panel;
  return (
    <aside className="side-panel">
      <div role="tablist" aria-label="Workbench tools">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            type="button"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-body">
        <Active />
      </div>
    </aside>
  );
}
