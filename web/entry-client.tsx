import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Root } from './Root.tsx';
import { readConfigFromDocument } from './config.tsx';
import './styles.css';

const container = document.getElementById('root')!;
const config = readConfigFromDocument(document);
const tree = <Root config={config} router={(app) => <BrowserRouter>{app}</BrowserRouter>} />;
if (container.firstElementChild) hydrateRoot(container, tree);
else createRoot(container).render(tree);
