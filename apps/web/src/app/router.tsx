import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PROCESSES, type ProcessDefinition } from '@huolto/domain';
import { paths, STEP } from '@/config/paths.ts';
import { InitialLoading, RootLayout } from './root-layout.tsx';
import { ProcessLayout } from './process-layout.tsx';
import { RouteError } from './route-error.tsx';

type Lazy = NonNullable<RouteObject['lazy']>;

/** Each step is its own chunk, loaded when first visited. */
const lazyRoutes = {
  landing: (() => import('./routes/landing.tsx').then((m) => ({ Component: m.LandingRoute }))) as Lazy,
  manageBooking: (() => import('./routes/manage-booking.tsx').then((m) => ({ Component: m.ManageBookingRoute }))) as Lazy,
  notFound: (() => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute }))) as Lazy,
  privacy: (() => import('./routes/privacy-notice.tsx').then((m) => ({ Component: m.PrivacyNoticeRoute }))) as Lazy,
  accessibility: (() => import('./routes/accessibility-statement.tsx').then((m) => ({ Component: m.AccessibilityStatementRoute }))) as Lazy,
  vehicle: (() => import('./routes/vehicle-step.tsx').then((m) => ({ Component: m.VehicleStepRoute }))) as Lazy,
  thanks: (() => import('./routes/thanks-step.tsx').then((m) => ({ Component: m.ThanksStepRoute }))) as Lazy,
  underConstruction: (() =>
    import('./routes/under-construction-step.tsx').then((m) => ({ Component: m.UnderConstructionStepRoute }))) as Lazy,
  maintenanceServices: (() => import('./routes/maintenance/services-step.tsx').then((m) => ({ Component: m.MaintenanceServicesStepRoute }))) as Lazy,
  maintenanceExtraServices: (() =>
    import('./routes/maintenance/extra-services-step.tsx').then((m) => ({ Component: m.ExtraServicesStepRoute }))) as Lazy,
  time: (() => import('./routes/time-step.tsx').then((m) => ({ Component: m.TimeStepRoute }))) as Lazy,
  customer: (() => import('./routes/customer-step.tsx').then((m) => ({ Component: m.CustomerStepRoute }))) as Lazy,
  tireOffice: (() => import('./routes/tires/organization-step.tsx').then((m) => ({ Component: m.OrganizationStepRoute }))) as Lazy,
  tireChangeServices: (() =>
    import('./routes/tires/tire-change-services-step.tsx').then((m) => ({ Component: m.TireChangeServicesStepRoute }))) as Lazy,
  windshieldServices: (() =>
    import('./routes/windshield/services-step.tsx').then((m) => ({ Component: m.WindshieldServicesStepRoute }))) as Lazy,
  tireSales: (() => import('./routes/tires/tire-sales-step.tsx').then((m) => ({ Component: m.TireSalesStepRoute }))) as Lazy,
};

/** The screen of a step: the vehicle, time, details and thanks steps are shared by every process. */
function stepModule(process: ProcessDefinition, step: string): Lazy {
  switch (step) {
    case STEP.vehicle:
      return lazyRoutes.vehicle;
    case STEP.time:
      return lazyRoutes.time;
    case STEP.customer:
      return lazyRoutes.customer;
    case STEP.thanks:
      return lazyRoutes.thanks;
  }
  switch (process.type) {
    case 'MAINTENANCE':
      if (step === STEP.services) return lazyRoutes.maintenanceServices;
      if (step === STEP.extraServices) return lazyRoutes.maintenanceExtraServices;
      break;
    case 'TIRE_CHANGE':
      if (step === STEP.office) return lazyRoutes.tireOffice;
      if (step === STEP.services) return lazyRoutes.tireChangeServices;
      break;
    case 'TIRE_SALES':
      if (step === STEP.tireSales) return lazyRoutes.tireSales;
      if (step === STEP.office) return lazyRoutes.tireOffice;
      break;
    case 'WINDSHIELD':
      if (step === STEP.services) return lazyRoutes.windshieldServices;
      break;
  }
  return lazyRoutes.underConstruction;
}

function processRoute(process: ProcessDefinition): RouteObject {
  return {
    path: process.path,
    element: <ProcessLayout process={process} />,
    children: [
      { index: true, element: <Navigate to={paths.vehicleStep(process)} replace /> },
      ...process.steps.map((s) => ({ path: s.path, lazy: stepModule(process, s.path) })),
    ],
  };
}

export const routes: RouteObject[] = [
  {
    path: paths.root,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <InitialLoading />,
    children: [
      { index: true, element: <Navigate to={paths.landing} replace /> },
      { path: paths.landing.slice(1), lazy: lazyRoutes.landing },
      { path: paths.manageBooking.slice(1), lazy: lazyRoutes.manageBooking },
      { path: paths.privacy.slice(1), lazy: lazyRoutes.privacy },
      { path: paths.accessibility.slice(1), lazy: lazyRoutes.accessibility },
      ...Object.values(PROCESSES).map(processRoute),
      { path: '*', lazy: lazyRoutes.notFound },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
