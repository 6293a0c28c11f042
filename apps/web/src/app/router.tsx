import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PROCESSES, type ProcessDefinition } from '@huolto/domain';
import { paths, STEP } from '../config/paths.ts';
import { InitialLoading, RootLayout } from './root-layout.tsx';
import { ProcessLayout } from './process-layout.tsx';
import { RouteError } from './route-error.tsx';

type Lazy = NonNullable<RouteObject['lazy']>;

/** Each step is its own chunk, loaded when first visited. */
const lazyRoutes = {
  landing: (() => import('./routes/landing.tsx').then((m) => ({ Component: m.LandingRoute }))) as Lazy,
  manageBooking: (() => import('./routes/manage-booking.tsx').then((m) => ({ Component: m.ManageBookingRoute }))) as Lazy,
  notFound: (() => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute }))) as Lazy,
  vehicle: (() => import('./routes/vehicle-step.tsx').then((m) => ({ Component: m.VehicleStepRoute }))) as Lazy,
  thanks: (() => import('./routes/thanks-step.tsx').then((m) => ({ Component: m.ThanksStepRoute }))) as Lazy,
  underConstruction: (() =>
    import('./routes/under-construction-step.tsx').then((m) => ({ Component: m.UnderConstructionStepRoute }))) as Lazy,
  huoltoPalvelut: (() => import('./routes/huolto/palvelut.tsx').then((m) => ({ Component: m.PalvelutRoute }))) as Lazy,
  huoltoLisapalvelut: (() =>
    import('./routes/huolto/lisapalvelut.tsx').then((m) => ({ Component: m.LisapalvelutRoute }))) as Lazy,
  time: (() => import('./routes/aika-step.tsx').then((m) => ({ Component: m.AikaRoute }))) as Lazy,
  customer: (() => import('./routes/omat-tiedot-step.tsx').then((m) => ({ Component: m.OmatTiedotRoute }))) as Lazy,
  tireOffice: (() => import('./routes/tires/toimpiste.tsx').then((m) => ({ Component: m.ToimipisteRoute }))) as Lazy,
  tireChangeServices: (() =>
    import('./routes/tires/renkaat-palvelut.tsx').then((m) => ({ Component: m.RenkaatPalvelutRoute }))) as Lazy,
  windshieldServices: (() =>
    import('./routes/windshield/palvelut.tsx').then((m) => ({ Component: m.WindshieldPalvelutRoute }))) as Lazy,
  tireSales: (() => import('./routes/tires/rengasmyynti.tsx').then((m) => ({ Component: m.RengasmyyntiRoute }))) as Lazy,
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
      if (step === STEP.services) return lazyRoutes.huoltoPalvelut;
      if (step === STEP.extraServices) return lazyRoutes.huoltoLisapalvelut;
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
      ...Object.values(PROCESSES).map(processRoute),
      { path: '*', lazy: lazyRoutes.notFound },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
