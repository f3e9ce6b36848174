import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  MonitorServerMessage,
  VMS,
  type ControlInput,
  type MonitorClientMessage,
  type VmTaskResponse,
} from '@cofounder/shared';
import { useConfig } from '../../data/config/use-config.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { initialMonitorState, monitorReducer } from './monitor-state.ts';

/** ws(s)://this host:MONITOR_PORT/computer-use-monitor?token=… (spec 2 §7: same host, its own port). */
export function monitorUrl(port: number, token: string, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.hostname}:${port}${VMS.monitorPath}?token=${encodeURIComponent(token)}`;
}

/**
 * The live monitor of one machine: opens the socket with the founder's access token, subscribes to `vmId`,
 * folds every valid message for it into the monitor state (invalid ones are ignored) and reconnects with
 * back-off until unmounted. While subscribed the server streams the machine's screen and renews the watch
 * itself. `restore` seeds the state from the stored task.
 */
export function useVmMonitor(vmId: string | null) {
  const { monitorPort } = useConfig();
  const { client } = useAuth();
  const [state, dispatch] = useReducer(monitorReducer, initialMonitorState);
  const [connected, setConnected] = useState(false);
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    dispatch({ type: 'reset' });
    if (!vmId) return;
    let closed = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let socket: WebSocket | null = null;

    const scheduleReconnect = () => {
      if (closed) return;
      // Quick after a blip, at most every VMS.monitorReconnectMs.max while the server stays away.
      retry = setTimeout(() => void connect(), Math.min(VMS.monitorReconnectMs.first * 2 ** attempt, VMS.monitorReconnectMs.max));
      attempt += 1;
    };

    const connect = async () => {
      // A fresh token on every (re)connect: the session may have been refreshed since the page opened.
      const token = await client.getSession().then(
        ({ data }) => data.session?.access_token ?? null,
        () => null,
      );
      if (closed) return;
      if (!token) return scheduleReconnect();
      const ws = new WebSocket(monitorUrl(monitorPort, token));
      socket = ws;
      socketRef.current = ws;
      ws.onopen = () => {
        attempt = 0;
        setConnected(true);
        ws.send(JSON.stringify({ type: 'subscribe', vmId } satisfies MonitorClientMessage));
      };
      ws.onmessage = (event) => {
        let raw: unknown;
        try {
          raw = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const parsed = MonitorServerMessage.safeParse(raw);
        if (!parsed.success) return;
        const message = parsed.data;
        if ('vmId' in message && message.vmId !== null && message.vmId !== vmId) return;
        dispatch({ type: 'message', message, at: Date.now() });
      };
      ws.onclose = () => {
        if (socketRef.current === ws) socketRef.current = null;
        // The server hands a closed socket's machine back: so does the view.
        dispatch({ type: 'message', message: { type: 'control', vmId, timestamp: new Date().toISOString(), founder: false }, at: Date.now() });
        setConnected(false);
        scheduleReconnect();
      };
    };

    void connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
      socketRef.current = null;
      setConnected(false);
    };
  }, [vmId, monitorPort, client]);

  /** Take control, hand back and the founder's inputs (issue 28 §4); nothing is sent while disconnected. */
  const send = useCallback(
    (message: Extract<MonitorClientMessage, { type: 'take_control' | 'hand_back' | 'input' }>) => {
      const ws = socketRef.current;
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    },
    [],
  );
  const takeControl = useCallback(() => vmId && send({ type: 'take_control', vmId }), [send, vmId]);
  const handBack = useCallback(() => vmId && send({ type: 'hand_back', vmId }), [send, vmId]);
  const sendInput = useCallback((input: ControlInput) => vmId && send({ type: 'input', vmId, input }), [send, vmId]);

  const restore = useCallback(
    (data: VmTaskResponse) => dispatch({ type: 'restore', data, at: Date.now() }),
    [],
  );
  const confirmationAnswered = useCallback(
    (id: string) => dispatch({ type: 'confirmationAnswered', id }),
    [],
  );

  return { state, connected, restore, confirmationAnswered, takeControl, handBack, sendInput };
}

export type VmMonitor = ReturnType<typeof useVmMonitor>;
