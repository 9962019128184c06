/**
 * The app's own router (docs/decisions/0024-own-router.md): a route table with lazy screens and
 * loaders, server rendering with hydration data, client navigation, and the hooks the screens use.
 */
export { hrefOf, type HistoryAction, type Location, type To } from './history'
export { matchRoutes, type LazyParts, type LoaderArgs, type Params, type RouteDef, type RouteMatch } from './match'
export {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useBeforeUnload,
  useBlocker,
  useLeave,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRevalidator,
  useRouteError,
  useSearchParams,
  type Blocker,
  type LinkProps,
  type UIMatch,
} from './react'
export {
  createRouter,
  isRouteErrorResponse,
  loadOnServer,
  reviveErrors,
  RouteErrorResponse,
  serializeErrors,
  staticRouter,
  type HydrationData,
  type NavigateOptions,
  type Router,
  type RouterOptions,
  type RouterState,
} from './router'
