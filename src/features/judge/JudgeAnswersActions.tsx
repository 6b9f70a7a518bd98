import { useState } from 'react';
import { saveJudgeLines } from '../../persistence/judge-lines';
import { useAppStore } from '../../state/store';
import { downloadBlob } from '../share/download';
import { engineWorker } from '../../workers/client';
import { transcriptFileName } from '../share/file-names';
import { useWorkbench } from '../workbench/context';
import { judgeJob, judgeWorker } from './open-run-job';
import { useJudgeStore } from './judge-store';

/**
 * The cached answers on this run's schedule as `judge` lines: downloaded in a .loop.jsonl that
 * replays anywhere with the recorded source, or saved into the stored transcript.
 */
export function JudgeAnswersActions() {
  const { id, meta, labels, retry } = useWorkbench();
  const draft = useAppStore((s) => s.draft);
  const setParam = useAppStore((s) => s.setParam);
  const settings = useJudgeStore((s) => s.settings);
  const [note, setNote] = useState<string | null>(null);
  const job = judgeJob(id, draft, settings, '');

  async function records() {
    if (!job) return null;
    const r = await judgeWorker().judgeRun(job, 'cache');
    if (r.records.length === 0) {
      setNote('No answers in the cache for this schedule yet: ask the judge first.');
      return null;
    }
    return r.records;
  }

  async function download() {
    const judge = await records();
    if (!judge) return;
    // The worker writes the file from the transcript it holds, with these answers as its judge lines.
    downloadBlob(transcriptFileName(meta.title), await engineWorker().exportJsonl(id, labels, judge));
    setNote(`Downloaded with ${judge.length} judge lines (earlier judge lines replaced).`);
  }

  async function save() {
    const judge = await records();
    if (!judge) return;
    await saveJudgeLines(id, judge);
    setParam('detectors.llm-judge.source', 'recorded');
    // The worker keeps an open session across reopens (turns never change); judge lines just did.
    await engineWorker().closeSession(id);
    retry();
    setNote(`Saved ${judge.length} judge lines into this transcript; the judge source is now "recorded".`);
  }

  async function forget() {
    if (!job) return;
    const n = await judgeWorker().judgeForgetFailures(job);
    setNote(`Forgot ${n} failed answer${n === 1 ? '' : 's'}: the next run asks again.`);
  }

  return (
    <div className="judge-answers">
      <div className="judge-buttons">
        <button type="button" onClick={() => void download()}>
          Download .loop.jsonl with the answers
        </button>
        <button type="button" onClick={() => void save()}>
          Save as judge lines
        </button>
        <button type="button" onClick={() => void forget()}>
          Forget failed answers
        </button>
      </div>
      {note && (
        <p className="small muted" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
