// The pairing token of the dialog: generating a new one revokes the previous one first, and the last one is
// revoked when the dialog goes away (closing while a created token exists deletes it).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientPairInfoDTO } from '../../../../common/dto';
import { useHttp } from '../../../components/services-react';
import { pair, revokeToken } from './pair-api';

export interface PairToken {
  info: ClientPairInfoDTO | null;
  busy: boolean;
  generate(clientId: string, persistent: boolean): Promise<void>;
}

export function usePairToken(login: string): PairToken {
  const http = useHttp();
  const [info, setInfo] = useState<ClientPairInfoDTO | null>(null);
  const [busy, setBusy] = useState(false);
  const current = useRef<string | null>(null);
  const gone = useRef(false);

  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
      if (current.current) void revokeToken(http, current.current);
      current.current = null;
    };
  }, [http]);

  const generate = useCallback(
    async (clientId: string, persistent: boolean) => {
      setBusy(true);
      try {
        if (current.current) {
          const stale = current.current;
          current.current = null;
          setInfo(null);
          await revokeToken(http, stale);
        }
        const created = await pair(http, login, clientId, persistent);
        if (gone.current) return void revokeToken(http, created.tokenName); // closed while it was being made
        current.current = created.tokenName;
        setInfo(created);
      } catch {
        // already shown as an alert by http
      } finally {
        setBusy(false);
      }
    },
    [http, login],
  );

  return { info, busy, generate };
}
