// The router the portal shares as its one singleton (Module Federation key `react-router-dom`):
// exactly what the shell and the remotes import, taken from react-router itself so webpack leaves
// out the rest of it (data routers, server rendering, cookies...). Shared whole, react-router-dom
// cost every signed-in page about 52 KB of compressed JavaScript; a shared module is never
// tree-shaken, so this file is the shaking. shell/webpack/shared-used.spec.ts fails when a source
// imports a name that is missing here.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
