import { setupIonicReact } from '@ionic/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import '@ionic/react/css/typography.css';
import '../theme/variables.css';
import './shell/manage.css';

import { ManageApp } from './shell/manage-app.tsx';

// 'md' everywhere: the store-owner site is used on desktops and counter tablets, not as a phone app.
setupIonicReact({ mode: 'md' });

const container = document.getElementById('root');
if (!container) throw new Error('manage.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <ManageApp />
  </StrictMode>,
);
