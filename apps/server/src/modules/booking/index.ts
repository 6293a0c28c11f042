/**
 * What the rest of the server may import from modules/booking/: saving a process's booking
 * and setting its customer, notes and symptoms (the front desk books through them); app.ts
 * registers its routes (lint lets other modules, jobs/, plugins/ and staff-api.ts import
 * only this file of the module; tests may import any file).
 */
export { type DeskSave, type SaveOptions, type SaveOutcome, saveBooking, setCustomer, setNotes, setSymptoms } from './service.ts';
