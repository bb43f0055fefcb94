// The dashboard's routes, loaded by the storefront's route table on the first /dashboard URL (route-tree.ts,
// decision 214). Evaluating the generated table attaches every dashboard route under the dashboard's layout route.
import './routeTree.gen';

export { Route as dashboardRoute } from './routes/dashboard/route';
