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
  notFound: (() => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundRoute }))) as Lazy,
  vehicle: (() => import('./routes/vehicle-step.tsx').then((m) => ({ Component: m.VehicleStepRoute }))) as Lazy,
  thanks: (() => import('./routes/thanks-step.tsx').then((m) => ({ Component: m.ThanksStepRoute }))) as Lazy,
  underConstruction: (() =>
    import('./routes/under-construction-step.tsx').then((m) => ({ Component: m.UnderConstructionStepRoute }))) as Lazy,
  huoltoPalvelut: (() => import('./routes/huolto/palvelut.tsx').then((m) => ({ Component: m.PalvelutRoute }))) as Lazy,
  huoltoLisapalvelut: (() =>
    import('./routes/huolto/lisapalvelut.tsx').then((m) => ({ Component: m.LisapalvelutRoute }))) as Lazy,
  huoltoAika: (() => import('./routes/huolto/aika.tsx').then((m) => ({ Component: m.AikaRoute }))) as Lazy,
  huoltoOmatTiedot: (() =>
    import('./routes/huolto/omat-tiedot.tsx').then((m) => ({ Component: m.OmatTiedotRoute }))) as Lazy,
};

/** The screen of a step. Only maintenance is complete; other processes' steps are other issues. */
function stepModule(process: ProcessDefinition, step: string): Lazy {
  if (step === STEP.vehicle) return lazyRoutes.vehicle;
  if (step === STEP.thanks) return lazyRoutes.thanks;
  if (process.type === 'MAINTENANCE') {
    switch (step) {
      case STEP.services:
        return lazyRoutes.huoltoPalvelut;
      case STEP.extraServices:
        return lazyRoutes.huoltoLisapalvelut;
      case STEP.time:
        return lazyRoutes.huoltoAika;
      case STEP.customer:
        return lazyRoutes.huoltoOmatTiedot;
    }
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
      ...Object.values(PROCESSES).map(processRoute),
      { path: '*', lazy: lazyRoutes.notFound },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
