import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DealAlertSettings,
  dealAlertSettingsResponse,
  isSuccess,
  listsMessages,
  listsPaths,
} from '@localmart/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { listsKeys } from '../../../components/lists/lists-api.ts';
import { http } from '../../../lib/http.ts';
import './deal-digest-setting.css';

async function getSettings(): Promise<DealAlertSettings> {
  const answer = await http.get(listsPaths.dealAlertSettings, undefined, dealAlertSettingsResponse);
  if (isSuccess(answer)) return answer.result;
  throw new Error(answer.message);
}

/**
 * The opt-in weekly deals email (issue 17): deals on the shopper's favourites and list, once a
 * week. Off until turned on here. Price drops and restocks reach the bell (and push) either way.
 */
export function DealDigestSetting() {
  const queryClient = useQueryClient();
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const current = useQuery({ queryKey: listsKeys.settings, queryFn: getSettings });
  const save = useMutation({
    mutationFn: async (weeklyDigest: boolean) => {
      const answer = await http.put(
        listsPaths.dealAlertSettings,
        { weeklyDigest },
        dealAlertSettingsResponse,
      );
      if (!isSuccess(answer)) throw new Error(answer.message);
      queryClient.setQueryData(listsKeys.settings, answer.result);
      return answer.message ?? '';
    },
    onSuccess: (message) => setNote({ text: message, error: false }),
    onError: (failure) => setNote({ text: failure.message, error: true }),
  });
  if (!current.data) return null;
  const on =
    save.isPending && save.variables !== undefined ? save.variables : current.data.weeklyDigest;
  return (
    <section className="lm-card lm-deal-digest" aria-labelledby="deal-digest-title">
      <h2 id="deal-digest-title" className="lm-section-title">
        Deal alerts
      </h2>
      <p className="lm-deal-digest-hint">
        Price drops, restocks and new flyers on your <Link to="/favourites">favourites</Link> and{' '}
        <Link to="/list">list</Link> show under the bell.
      </p>
      <div className="lm-deal-digest-toggle">
        <input
          id="deal-digest-weekly"
          type="checkbox"
          role="switch"
          checked={on}
          disabled={save.isPending}
          aria-describedby="deal-digest-weekly-hint"
          onChange={(event) => {
            setNote(null);
            save.mutate(event.target.checked);
          }}
        />
        <span>
          <label htmlFor="deal-digest-weekly">
            <strong>{listsMessages.digestLabel}</strong>
          </label>
          <span id="deal-digest-weekly-hint" className="lm-deal-digest-hint">
            {listsMessages.digestHint}
          </span>
        </span>
      </div>
      {note && (
        <p
          className={note.error ? 'lm-deal-digest-error' : 'lm-deal-digest-note'}
          role={note.error ? 'alert' : 'status'}
        >
          {note.text}
        </p>
      )}
    </section>
  );
}
