import type { Config } from '../../config';
import { createGoogleCalendarProvider } from './google';
import type { CalendarProvider } from './types';

/** Where Google sends the user back after consent: the spec's route, a page of the app. */
export const CALENDAR_CALLBACK_PATH = '/calendar/oauth/callback';

const providers = new WeakMap<Config, CalendarProvider>();

/** The Google Calendar provider, or undefined when Google is not configured (the feature is hidden). */
export function calendarProvider(config: Config): CalendarProvider | undefined {
  if (!config.google) return undefined;
  let provider = providers.get(config);
  if (!provider) {
    provider = createGoogleCalendarProvider(config.google, `${config.appOrigin}${CALENDAR_CALLBACK_PATH}`);
    providers.set(config, provider);
  }
  return provider;
}

export * from './types';
