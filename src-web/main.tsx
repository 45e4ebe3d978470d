import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyBrandTheme } from './brand/theme';
import { finishPendingLogout } from './features/session/use-logout';
import { registerServiceWorker } from './features/push/browser-push';
import { consumeSessionParam } from './features/session/url-session';
import './styles.css';

applyBrandTheme();
finishPendingLogout();
// ?session= may reload the page; nothing else should start before that.
void consumeSessionParam().then((outcome) => {
  if (outcome === 'adopted') return;
  if (outcome !== 'none')
    console.warn(`A ?session= link was not used (${outcome}): links never replace or sign in to an account.`);
  registerServiceWorker();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
