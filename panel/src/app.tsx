import type { ComponentType } from 'preact';
import { useEffect } from 'preact/hooks';
import { location, match, navigate, onLinkClick } from './lib/router';
import { sessionState, type Session } from './lib/session';
import { useStore } from './lib/store';
import { DocumentsScreen } from './screens/documents.screen';
import { LoginScreen } from './screens/login.screen';
import { SecondFactorLoginScreen } from './screens/second-factor-login.screen';
import { Lazy } from './ui/lazy';
import { Shell } from './ui/shell';
import { Loading } from './ui/states';
import { ToastRegion } from './ui/toast';

export interface ScreenProps {
  session: Session;
  params: Record<string, string>;
  query: URLSearchParams;
}

type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

interface Route {
  pattern: string;
  title: string;
  /** The screen itself (bundled with the shell), or how to fetch it on first use. */
  screen: { eager: ComponentType<ScreenProps> } | { load: Loader };
}

/** Every screen of the panel; all but the documents list load on first use. */
const ROUTES: Route[] = [
  { pattern: '/documentos', title: 'Documentos', screen: { eager: DocumentsScreen } },
  { pattern: '/documentos/:id', title: 'Documento', screen: { load: () => import('./screens/document-detail.screen') } },
  { pattern: '/emitir', title: 'Emitir documento', screen: { load: () => import('./screens/issue-document.screen') } },
  { pattern: '/clientes', title: 'Clientes', screen: { load: () => import('./screens/customers.screen') } },
  { pattern: '/productos', title: 'Productos', screen: { load: () => import('./screens/products.screen') } },
  { pattern: '/emitir/lote', title: 'Emisión masiva', screen: { load: () => import('./screens/bulk-issuance.screen') } },
  { pattern: '/recurrentes', title: 'Facturas recurrentes', screen: { load: () => import('./screens/recurring.screen') } },
  { pattern: '/recurrentes/nuevo', title: 'Nueva factura recurrente', screen: { load: () => import('./screens/recurring-form.screen') } },
  { pattern: '/recurrentes/:id', title: 'Factura recurrente', screen: { load: () => import('./screens/recurring-detail.screen') } },
  { pattern: '/emisores', title: 'Emisores', screen: { load: () => import('./screens/emitters.screen') } },
  { pattern: '/emisores/nuevo', title: 'Nuevo emisor', screen: { load: () => import('./screens/emitter-form.screen') } },
  { pattern: '/emisores/:id', title: 'Emisor', screen: { load: () => import('./screens/emitter-detail.screen') } },
  { pattern: '/credenciales', title: 'Credenciales del MH', screen: { load: () => import('./screens/credentials.screen') } },
  { pattern: '/fiscal', title: 'Libros fiscales', screen: { load: () => import('./screens/fiscal.screen') } },
  { pattern: '/webhooks', title: 'Webhooks', screen: { load: () => import('./screens/webhooks.screen') } },
  { pattern: '/webhooks/:id', title: 'Webhook', screen: { load: () => import('./screens/webhook-detail.screen') } },
  { pattern: '/llaves', title: 'Llaves de API', screen: { load: () => import('./screens/api-keys.screen') } },
  { pattern: '/consumo', title: 'Consumo y plan', screen: { load: () => import('./screens/usage.screen') } },
  { pattern: '/usuarios', title: 'Usuarios', screen: { load: () => import('./screens/users.screen') } },
  { pattern: '/auditoria', title: 'Auditoría', screen: { load: () => import('./screens/audit-log.screen') } },
  { pattern: '/seguridad', title: 'Seguridad', screen: { load: () => import('./screens/security.screen') } },
];

/** Pages reached from an e-mailed link, before any session exists. */
const PUBLIC_ROUTES: Route[] = [
  { pattern: '/restablecer-contrasena', title: 'Restablecer contraseña', screen: { load: () => import('./screens/password-reset.screen') } },
  { pattern: '/invitacion', title: 'Aceptar invitación', screen: { load: () => import('./screens/password-reset.screen') } },
];

function find(routes: Route[], path: string): { route: Route; params: Record<string, string> } | null {
  for (const route of routes) {
    const params = match(route.pattern, path);
    if (params) return { route, params };
  }
  return null;
}

function RouteView({ route, props }: { route: Route; props: ScreenProps }) {
  if ('load' in route.screen) return <Lazy load={route.screen.load} props={props} />;
  const Screen = route.screen.eager;
  return <Screen {...props} />;
}

function NotFound() {
  return (
    <div class="state state-empty">
      <h1>Esta página no existe</h1>
      <p>
        Vuelva a <a href="/panel/documentos">Documentos</a>.
      </p>
    </div>
  );
}

export function App() {
  const state = useStore(sessionState);
  const loc = useStore(location);
  useEffect(() => {
    document.addEventListener('click', onLinkClick);
    return () => document.removeEventListener('click', onLinkClick);
  }, []);

  const publicRoute = find(PUBLIC_ROUTES, loc.path);
  const found = find(ROUTES, loc.path);
  useEffect(() => {
    const title = (publicRoute ?? found)?.route.title;
    document.title = `${title ? `${title} · ` : ''}Panel · Facturación electrónica`;
  }, [loc.path]);
  useEffect(() => {
    if (state.kind === 'active' && loc.path === '/') navigate('/documentos', { replace: true });
  }, [state.kind, loc.path]);

  let body;
  if (publicRoute) {
    const props = { session: null as unknown as Session, params: publicRoute.params, query: loc.query };
    body = <RouteView route={publicRoute.route} props={props} />;
  } else if (state.kind === 'loading') {
    body = <Loading label="Abriendo el panel…" />;
  } else if (state.kind === 'anonymous') {
    body = <LoginScreen notice={state.notice} />;
  } else if (state.kind === 'second_factor') {
    body = <SecondFactorLoginScreen session={state.session} />;
  } else {
    const props = { session: state.session, params: found?.params ?? {}, query: loc.query };
    body = (
      <Shell session={state.session} path={loc.path}>
        {found ? <RouteView key={`${found.route.pattern}:${state.session.environment}`} route={found.route} props={props} /> : loc.path === '/' ? null : <NotFound />}
      </Shell>
    );
  }
  return (
    <>
      {body}
      <ToastRegion />
    </>
  );
}
