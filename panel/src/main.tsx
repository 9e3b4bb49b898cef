import { render } from 'preact';
import { App } from './app';
import { dropEarlyDocuments } from './early/first-screen';
import { loadSession } from './lib/session';
import './styles/app.css';

// The session is already on its way (index.html preloads it), and on the documents list its first
// page too (early/first-screen.ts). Without a session that page is of no use: the list is asked again after login.
void loadSession().then((session) => {
  if (!session) dropEarlyDocuments();
});

render(<App />, document.getElementById('app')!);
