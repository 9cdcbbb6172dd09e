import { createRoot } from 'react-dom/client';
import { App } from './App';
import '@grab/shared/visually-hidden.css';
import './admin.css';

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
