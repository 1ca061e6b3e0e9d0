import { SEARCH_MAX_LIMIT, type Language } from '@roomweek/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/lib/i18n';

export interface PropertyStay {
  start_date: string;
  end_date: string;
  guests: number;
}

/**
 * Which of a property's rooms can be booked for the stay in the page's address (GET /search?property_id=…, issue 26):
 * their ids. Under the rooms' key, so a booking drops it.
 */
export const freeRoomsQuery = (propertyId: string, stay: PropertyStay, language: Language) => {
  const query = { property_id: propertyId, ...stay, limit: SEARCH_MAX_LIMIT };
  return queryOptions({
    queryKey: ['rooms', 'free', query, language],
    queryFn: async ({ signal }) => {
      const answer = await api.search(query, { language, signal });
      // Ids, not a Set: the server's render sends its reads to the browser as JSON.
      return answer.items.map((item) => item.room_id);
    },
    retry: false,
    retryOnMount: false,
  });
};

export const useFreeRooms = (propertyId: string, stay: PropertyStay | null) => {
  const language = useLanguage();
  return useQuery({ ...freeRoomsQuery(propertyId, stay ?? { start_date: '', end_date: '', guests: 1 }, language), enabled: stay !== null });
};
