import { LANGUAGES, addDays, ERROR_CODES } from '@roomweek/contract';
console.log(LANGUAGES, addDays('2024-01-01', 3), ERROR_CODES);
