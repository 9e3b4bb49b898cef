import { render } from 'preact';

render(<p>Vista</p>, document.getElementById('app')!);
