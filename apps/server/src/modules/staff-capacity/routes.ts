import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ABSENCE_MAX_DAYS,
  absenceBody,
  absenceParams,
  absenceSchema,
  absencesResponse,
  openingExceptionBody,
  openingExceptionParams,
  openingHoursBody,
  openingResponse,
  responseSchema,
  staffOfficeParams,
  staffRangeQuery,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { assertOffice, staffOf } from '../staff/index.ts';
import * as capacity from './service.ts';

const tag = 'Staff API';
const atOnce = "Customers' free times change at once (the office's availability version moves in the same transaction).";

/** Absences of an office's resources, and its opening hours and exceptions. */
export function registerStaffCapacityRoutes(scope: FastifyInstance, db: Db) {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/offices/:officeId/absences',
    {
      schema: callSchema({
        tag,
        summary: "The absences of the office's resources overlapping the dates from–to, each with the confirmed bookings inside it.",
        params: staffOfficeParams,
        query: staffRangeQuery,
        responseSchema: absencesResponse,
      }),
    },
    async (request) => {
      assertOffice(staffOf(request), request.params.officeId);
      return capacity.listAbsences(db, request.params.officeId, request.query);
    },
  );

  r.post(
    '/offices/:officeId/absences',
    {
      schema: callSchema({
        tag,
        summary: `Adds an absence of one of the office's resources (Helsinki wall clock, at most ${ABSENCE_MAX_DAYS} days, from today on); bookings inside it stay and are flagged.`,
        description: atOnce,
        params: staffOfficeParams,
        body: absenceBody,
        responseSchema: absenceSchema,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      return capacity.addAbsence(db, request.params.officeId, staff.id, request.body);
    },
  );

  r.delete(
    '/offices/:officeId/absences/:id',
    {
      schema: callSchema({
        tag,
        summary: 'Removes an absence of the office; 404 when the office has no such absence.',
        description: atOnce,
        params: absenceParams,
        responseSchema,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      return capacity.removeAbsence(db, request.params.officeId, staff.id, request.params.id);
    },
  );

  r.get(
    '/offices/:officeId/opening',
    {
      schema: callSchema({
        tag,
        summary: "The office's usual hours (Monday–Friday, 'HH:mm') and its opening exceptions from today on.",
        params: staffOfficeParams,
        responseSchema: openingResponse,
      }),
    },
    async (request) => {
      assertOffice(staffOf(request), request.params.officeId);
      return capacity.opening(db, request.params.officeId);
    },
  );

  r.put(
    '/offices/:officeId/opening-hours',
    {
      schema: callSchema({
        tag,
        summary: "Sets the office's usual hours; its first slot time moves to the opening when it would fall outside them.",
        description: atOnce,
        params: staffOfficeParams,
        body: openingHoursBody,
        responseSchema: openingResponse,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      return capacity.setOpeningHours(db, request.params.officeId, staff.id, request.body);
    },
  );

  r.put(
    '/offices/:officeId/exceptions/:date',
    {
      schema: callSchema({
        tag,
        summary:
          'Sets the office’s hours of one working day from today on: closed, or open from openingTime to closingTime instead of the usual hours (an exception never opens a weekend or a holiday).',
        description: atOnce,
        params: openingExceptionParams,
        body: openingExceptionBody,
        responseSchema: openingResponse,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      return capacity.setOpeningException(db, request.params.officeId, staff.id, request.params.date, request.body);
    },
  );

  r.delete(
    '/offices/:officeId/exceptions/:date',
    {
      schema: callSchema({
        tag,
        summary: "Removes the office's exception of a day (its usual hours again); 404 when the day has none.",
        description: atOnce,
        params: openingExceptionParams,
        responseSchema: openingResponse,
      }),
    },
    async (request) => {
      const staff = staffOf(request);
      assertOffice(staff, request.params.officeId);
      return capacity.removeOpeningException(db, request.params.officeId, staff.id, request.params.date);
    },
  );
}
