import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyBrandTheme } from './brand/theme';
import { finishPendingLogout } from './features/session/use-logout';
import { consumeSessionParam } from './features/session/url-session';
import './styles.css';

applyBrandTheme();
finishPendingLogout();
// ?session= reloads the page; nothing else should start before that.
if (!consumeSessionParam()) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
