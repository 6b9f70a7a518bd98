import { ensureJudgePolicy } from './features/judge/judge-csp-guard';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { DatabaseGate } from './features/shell/DatabaseGate';
import { ErrorBoundary } from './features/shell/ErrorBoundary';
import './styles.css';

// Before anything can make a request: without judge-csp.js's policy, allow loopback only.
ensureJudgePolicy();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <DatabaseGate>
        <App />
      </DatabaseGate>
    </ErrorBoundary>
  </StrictMode>,
);
