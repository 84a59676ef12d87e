import { UntrustedText } from '@/components/UntrustedText';
import ui from '@/components/ui.module.css';
import type { ValueChart } from '@/lib/useValueChart';
import styles from './home.module.css';

/** How the chart was computed and what it leaves out, in words. */
export function ChartNote({ chart }: { chart: ValueChart }) {
  return (
    <details className={styles.chartDetails}>
      <summary>How this chart is computed</summary>
      <div className={ui.stack}>
        <p>
          Computed on this device from what your node (and your explorer, if you set one) tells Cairn, with no service
          of anyone else: each account’s balance at each point is followed back from today’s balance through its synced
          history (every transfer in and out, and the fees it paid), and priced with the Chainlink price feed’s answer
          at that time, read through your node. Values are in US dollars, as the feeds quote them.
        </p>
        {!chart.nativeHistory && (
          <p>
            Native coins received leave no trace in the node’s logs, so without an explorer set for this network in
            Settings the chart holds each account’s native balance at today’s amount for every point.
          </p>
        )}
        {chart.withoutFeed.length > 0 && (
          <p>
            Left out, as they have no price feed:{' '}
            {chart.withoutFeed.map((token, i) => (
              <span key={token.address}>
                {i > 0 && ', '}
                <UntrustedText text={token.symbol} kind="symbol" />
              </span>
            ))}
            .
          </p>
        )}
        <p>
          Also left out: NFTs, tokens sent to you unasked and tokens you hid. A point before a feed’s first answer
          leaves that asset out and says so in the table.
          {chart.unanswered > 0 &&
            ` ${chart.unanswered === 1 ? 'One point' : `${chart.unanswered} points`} could not be matched to a price round in time and use the last price found before them.`}
          {chart.roundRequests !== undefined &&
            ` Past prices for this range took ${chart.roundRequests === 0 ? 'no request (all were kept from before)' : chart.roundRequests === 1 ? 'one request' : `${chart.roundRequests} requests`} to your node.`}
        </p>
      </div>
    </details>
  );
}
