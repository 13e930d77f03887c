import { IonIcon } from '@ionic/react';
import { bicycleOutline, pricetagOutline, storefrontOutline } from 'ionicons/icons';

const highlights = [
  {
    icon: storefrontOutline,
    title: 'Reserve and pick up',
    text: 'Hold an item at the store and collect it on your way.',
  },
  {
    icon: bicycleOutline,
    title: 'Same-day delivery',
    text: 'Local retailers bring your order to your door today.',
  },
  {
    icon: pricetagOutline,
    title: 'Local deals',
    text: 'Flyers and coupons from the shops around you.',
  },
] as const;

/** The body of the Stores page, shared by /home and /login (which opens sign-in over it). */
export function HomeContent() {
  return (
    <section className="lm-home">
      <h2 className="lm-home-heading">Stores near you</h2>
      <p className="lm-home-lead">Sorted by distance, with open-now and pickup options.</p>
      <ul className="lm-highlights">
        {highlights.map((item) => (
          <li key={item.title} className="lm-highlight">
            <IonIcon icon={item.icon} aria-hidden="true" className="lm-highlight-icon" />
            <div>
              <h3 className="lm-highlight-title">{item.title}</h3>
              <p className="lm-highlight-text">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
