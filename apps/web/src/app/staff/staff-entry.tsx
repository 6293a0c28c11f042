import '@/lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { STAFF_ROUTES } from '@huolto/domain';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';
import { AdminOnly, StaffHome, StaffLayout } from './staff-layout.tsx';
import { StaffNotFound, StaffRouteError } from './staff-route-error.tsx';

type Lazy = NonNullable<RouteObject['lazy']>;

/** Each view is its own chunk, loaded when first opened. */
const lazyRoutes = {
  day: (() => import('@/app/staff/routes/day.tsx').then((m) => ({ Component: m.DayPage }))) as Lazy,
  week: (() => import('@/app/staff/routes/week.tsx').then((m) => ({ Component: m.WeekPage }))) as Lazy,
  print: (() => import('@/app/staff/routes/print.tsx').then((m) => ({ Component: m.PrintPage }))) as Lazy,
  booking: (() => import('@/app/staff/routes/booking-detail.tsx').then((m) => ({ Component: m.BookingDetailPage }))) as Lazy,
  bookingContents: (() => import('@/app/staff/routes/booking-contents.tsx').then((m) => ({ Component: m.BookingContentsPage }))) as Lazy,
  capacity: (() => import('@/app/staff/routes/capacity.tsx').then((m) => ({ Component: m.CapacityPage }))) as Lazy,
  search: (() => import('@/app/staff/routes/search.tsx').then((m) => ({ Component: m.SearchPage }))) as Lazy,
  account: (() => import('@/app/staff/routes/account.tsx').then((m) => ({ Component: m.AccountPage }))) as Lazy,
  users: (() =>
    import('@/app/staff/routes/users.tsx').then((m) => ({
      Component: () => (
        <AdminOnly>
          <m.UsersPage />
        </AdminOnly>
      ),
    }))) as Lazy,
  // The set-up pages: each says itself who may use it (admins; an office also its own users).
  setup: (() => import('@/app/staff/routes/setup.tsx').then((m) => ({ Component: m.SetupPage }))) as Lazy,
  company: (() => import('@/app/staff/routes/company.tsx').then((m) => ({ Component: m.CompanyPage }))) as Lazy,
  offices: (() => import('@/app/staff/routes/offices.tsx').then((m) => ({ Component: m.OfficesPage }))) as Lazy,
  newOffice: (() => import('@/app/staff/routes/new-office.tsx').then((m) => ({ Component: m.NewOfficePage }))) as Lazy,
  office: (() => import('@/app/staff/routes/office.tsx').then((m) => ({ Component: m.OfficePage }))) as Lazy,
  workKinds: (() => import('@/app/staff/routes/work-kinds.tsx').then((m) => ({ Component: m.WorkKindsPage }))) as Lazy,
  data: (() => import('@/app/staff/routes/data-import.tsx').then((m) => ({ Component: m.DataImportPage }))) as Lazy,
  personalData: (() => import('@/app/staff/routes/personal-data.tsx').then((m) => ({ Component: m.PersonalDataPage }))) as Lazy,
  // The catalogue: admins change it, office users read the services and the tires.
  services: (() => import('@/app/staff/routes/services.tsx').then((m) => ({ Component: m.ServicesPage }))) as Lazy,
  newService: (() => import('@/app/staff/routes/new-service.tsx').then((m) => ({ Component: m.NewServicePage }))) as Lazy,
  servicePreview: (() => import('@/app/staff/routes/service-preview.tsx').then((m) => ({ Component: m.ServicePreviewPage }))) as Lazy,
  service: (() => import('@/app/staff/routes/service.tsx').then((m) => ({ Component: m.ServicePage }))) as Lazy,
  campaignCodes: (() => import('@/app/staff/routes/campaign-codes.tsx').then((m) => ({ Component: m.CampaignCodesPage }))) as Lazy,
  tires: (() => import('@/app/staff/routes/tires.tsx').then((m) => ({ Component: m.TiresPage }))) as Lazy,
  // The front desk: a booking for a customer on the phone or at the counter.
  newBooking: (() => import('@/app/staff/routes/new-booking.tsx').then((m) => ({ Component: m.NewBookingPage }))) as Lazy,
};

/** The back-office's routes, all under /hallinta behind the sign-in (StaffLayout). */
export const staffRoutes: RouteObject[] = [
  {
    path: STAFF_ROUTES.root,
    element: <StaffLayout />,
    errorElement: <StaffRouteError />,
    hydrateFallbackElement: <p className="staff-loading">Ladataan…</p>,
    children: [
      { index: true, element: <StaffHome /> },
      { path: STAFF_ROUTES.day, lazy: lazyRoutes.day },
      { path: STAFF_ROUTES.week, lazy: lazyRoutes.week },
      { path: STAFF_ROUTES.print, lazy: lazyRoutes.print },
      { path: STAFF_ROUTES.booking, lazy: lazyRoutes.booking },
      { path: STAFF_ROUTES.bookingContents, lazy: lazyRoutes.bookingContents },
      { path: STAFF_ROUTES.capacity, lazy: lazyRoutes.capacity },
      { path: STAFF_ROUTES.search, lazy: lazyRoutes.search },
      { path: STAFF_ROUTES.account, lazy: lazyRoutes.account },
      { path: STAFF_ROUTES.users, lazy: lazyRoutes.users },
      { path: STAFF_ROUTES.setup, lazy: lazyRoutes.setup },
      { path: STAFF_ROUTES.company, lazy: lazyRoutes.company },
      { path: STAFF_ROUTES.offices, lazy: lazyRoutes.offices },
      { path: STAFF_ROUTES.newOffice, lazy: lazyRoutes.newOffice },
      { path: STAFF_ROUTES.office, lazy: lazyRoutes.office },
      { path: STAFF_ROUTES.workKinds, lazy: lazyRoutes.workKinds },
      { path: STAFF_ROUTES.data, lazy: lazyRoutes.data },
      { path: STAFF_ROUTES.personalData, lazy: lazyRoutes.personalData },
      { path: STAFF_ROUTES.services, lazy: lazyRoutes.services },
      { path: STAFF_ROUTES.newService, lazy: lazyRoutes.newService },
      { path: STAFF_ROUTES.servicePreview, lazy: lazyRoutes.servicePreview },
      { path: STAFF_ROUTES.service, lazy: lazyRoutes.service },
      { path: STAFF_ROUTES.campaignCodes, lazy: lazyRoutes.campaignCodes },
      { path: STAFF_ROUTES.tires, lazy: lazyRoutes.tires },
      { path: STAFF_ROUTES.newBooking, lazy: lazyRoutes.newBooking },
      { path: '*', element: <StaffNotFound /> },
    ],
  },
];

/** The back-office at /hallinta: its own entry, so the booking app's visitors never load it. */
export function mountStaff(root: HTMLElement) {
  // The back-office is no page for search engines.
  const robots = document.createElement('meta');
  robots.name = 'robots';
  robots.content = 'noindex, nofollow';
  document.head.append(robots);
  document.title = 'Hallinta';
  const router = createBrowserRouter(staffRoutes);
  createRoot(root).render(
    <StrictMode>
      <StaffProvider>
        <RouterProvider router={router} />
      </StaffProvider>
    </StrictMode>,
  );
}
