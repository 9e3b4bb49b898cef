import { render } from 'preact';
import '../styles/app.css';
import { EmbedApp } from './embed-app';

render(<EmbedApp />, document.getElementById('app')!);
