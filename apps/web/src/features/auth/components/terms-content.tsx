import { stockStatus, TERMS } from '@localmart/contract';
import { env } from '../../../lib/env.ts';

/**
 * The Terms & Conditions (spec §2, §9): a retailer agreement and the user terms of service. Loaded
 * only when the terms dialog opens (it is long), and built from the contract's TERMS constants so the
 * figures stated here are the ones the product works by.
 */
export function TermsContent() {
  const app = env.appName;
  const guardianAge = TERMS.minimumAgeWithoutGuardian;
  return (
    <article className="lm-terms">
      <p className="lm-terms-intro">
        These terms explain how {app} works and what shoppers, retailers, brand partners and
        couriers can expect from us and from each other. Please read them carefully: by creating an
        account or using {app} you accept them. Part A applies to retailers who sell through {app};
        Part B applies to everyone who shops with us.
      </p>

      <section aria-labelledby="terms-retailer">
        <h3 id="terms-retailer">Part A: Retailer agreement</h3>
        <p>
          This agreement is between {app} and each store that lists products, food items, services
          or flyers on {app} (a &ldquo;retailer&rdquo;). Brand partners that supply product content
          for retailers&rsquo; listings are bound by sections A6 (Content) and A7 (Community
          conduct).
        </p>

        <h4>A1. Inventory feed</h4>
        <p>
          You supply an inventory feed for every location you list: the products you sell, their
          prices and the quantity on hand. You keep the feed current, whether by the automatic
          connection to your point-of-sale system or by updating it yourself in Manage Your Store,
          and you correct any error as soon as you notice it. A shopper&rsquo;s reservation or order
          relies on the feed, so an item shown as available must be on your shelf.
        </p>
        <p>Shoppers see the quantity in your feed in plain words:</p>
        <ul>
          <li>three or more: &ldquo;{stockStatus(3).label}&rdquo;;</li>
          <li>two: &ldquo;{stockStatus(2).label}&rdquo;;</li>
          <li>one: &ldquo;{stockStatus(1).label}&rdquo;;</li>
          <li>
            none: &ldquo;{stockStatus(0).label}&rdquo;, and the item cannot be reserved or bought.
          </li>
        </ul>

        <h4>A2. Orders, response times and reminders</h4>
        <p>
          When a shopper reserves an item or places an order, you confirm or decline it within{' '}
          {TERMS.retailerResponseHours} hours during your business hours. While an order is waiting
          for you, we remind you every {TERMS.reminderIntervalMinutes} minutes. An order that is not
          answered within {TERMS.retailerResponseHours} business hours is cancelled automatically,
          the shopper is told, and any card pre-authorisation is released. Once you confirm, you
          hold the items for the pickup window shown to the shopper, or hand them to the courier for
          same-day delivery.
        </p>

        <h4>A3. Support hours</h4>
        <p>
          Retailer support is available {TERMS.supportHours}. Requests sent outside those hours are
          answered on the next business day. Urgent problems with a live order can be reported at
          any time from Manage Your Store and are handled first.
        </p>

        <h4>A4. Buy It Locally</h4>
        <p>
          Buy It Locally is the promise behind {app}: shoppers find what is on the shelves near
          them, then buy online and pick up, reserve and pay in store, or have it delivered the same
          day. By taking part you agree to honour the price and availability shown at the moment the
          shopper ordered, to have items ready when you confirmed they would be, and to treat
          {' ' + app} shoppers like any customer who walks through your door.
        </p>

        <h4>A5. Prices and taxes</h4>
        <p>
          You set your prices. You are responsible for determining, charging, collecting and
          remitting any sales, use, excise or similar taxes on what you sell, and for the
          information about taxes shown with your listings. {app} collects and remits taxes only
          where the law requires a marketplace to do so, and then tells you which.
        </p>

        <h4>A6. Content</h4>
        <p>
          You, and brand partners supplying product content for you, keep ownership of the photos,
          descriptions, logos and flyers you provide. You grant {app} a non-exclusive, worldwide,
          royalty-free licence to host, resize, display and promote that content within {app} and in
          our marketing of your store, for as long as it is listed and for a reasonable time
          afterwards. You confirm that you have the rights to the content and that it is accurate,
          lawful and not misleading. We may remove content that breaks these terms.
        </p>

        <h4>A7. Community conduct</h4>
        <p>
          {app} is a neighbourhood. Treat shoppers, other retailers, couriers and our staff with
          respect. Do not post false or misleading listings, fake reviews or bait prices; do not
          harass anyone, discriminate, or use shoppers&rsquo; contact details for anything other
          than their order; do not try to move a shopper&rsquo;s purchase off {app} to avoid fees.
          We may suspend listings or accounts that do.
        </p>

        <h4>A8. Fees, payment terms, renewal and termination</h4>
        <p>
          Fees for Manage Your Store and for orders are those of the plan you chose (see B13,
          Software-as-a-service billing). Invoices are payable within {TERMS.paymentTermsDays} days
          of their date. Your plan renews automatically at the end of each term unless either party
          gives at least {TERMS.nonRenewalNoticeDays} days&rsquo; written notice of non-renewal
          before the term ends. If either party materially breaches this agreement, the other may
          give written notice describing the breach; if it is not cured within{' '}
          {TERMS.curePeriodDays} days of that notice, the agreement may be terminated at once.
          Orders accepted before termination are still fulfilled.
        </p>

        <h4>A9. Legal</h4>
        <p>
          You and {app} are independent businesses; nothing here creates a partnership, agency or
          employment. You indemnify {app} against claims arising from the products and services you
          sell and the content you provide. Except for your payment obligations, your indemnity and
          either party&rsquo;s wilful misconduct, neither party is liable for indirect or
          consequential losses, and each party&rsquo;s total liability is limited to the fees paid
          under this agreement in the twelve months before the claim. This agreement, with Part B
          where it applies, is the whole agreement between us about its subject.
        </p>
      </section>

      <section aria-labelledby="terms-users">
        <h3 id="terms-users">Part B: User terms of service</h3>

        <h4>B1. Who may use {app}</h4>
        <p>
          You may create an account if you can form a binding contract. If you are under{' '}
          {guardianAge}, you may use {app} only with the involvement and consent of a parent or
          legal guardian, who accepts these terms for you and is responsible for your use of {app}.
        </p>

        <h4>B2. Privacy</h4>
        <p>
          We collect what we need to run {app}: your name, email address, password (stored only as a
          secure hash), your orders and reservations, and the location you choose to share so we can
          show nearby stores. We share the details of an order with the retailer that fulfils it
          and, for deliveries, with the courier who brings it. We do not sell your personal
          information. You can ask us for a copy of your data, or for its deletion, at any time.
        </p>

        <h4>B3. Your account</h4>
        <p>
          Keep your account details accurate and your password to yourself; you are responsible for
          what happens under your account. We verify your email address with a one-time code before
          your first sign-in. You may sign in with Google instead of a password; Google then tells
          us your name, email address and profile picture. Tell us straight away if you think
          someone else has used your account. You can close your account whenever you wish.
        </p>

        <h4>B4. Buy online, pick up in store</h4>
        <p>
          When you buy online for pickup, your card is pre-authorised by our payment service when
          you order and charged only when the retailer confirms. Bring your order number, and
          identification if the order says so, to the store within the pickup window shown. If the
          retailer cannot fulfil the order, the pre-authorisation is released.
        </p>

        <h4>B5. Reserve and pick up</h4>
        <p>
          A reservation asks the store to set items aside for you to see and pay for in store. It is
          not a purchase: you pay the store&rsquo;s price at the till, and you may decide not to
          buy. Please cancel in the app if you no longer need the items, so they go back on the
          shelf for your neighbours.
        </p>

        <h4>B6. Same-day delivery</h4>
        <p>
          Where a store offers same-day delivery, the retailer or an independent courier brings your
          order to the address you give, within the time shown at checkout. Someone must be there to
          receive it; age-restricted items are handed over only after an identity check. Delivery
          fees are shown before you pay. A courier is not our employee, but we take complaints about
          deliveries seriously and will put things right.
        </p>

        <h4>B7. No-show policy</h4>
        <p>
          If you do not collect a pickup order or reservation within its window, it is cancelled,
          the items return to the shelf and any pre-authorisation is released. Repeated no-shows may
          lead us to limit your reservations for a while, so that other shoppers are not kept from
          the items.
        </p>

        <h4>B8. Coupons</h4>
        <p>
          Coupons and flyer deals are offered by retailers and brand partners, on the conditions
          printed with them (dates, stores, quantities). Unless a coupon says otherwise it can be
          used once, cannot be combined with another coupon on the same item, has no cash value and
          cannot be exchanged or resold. A coupon obtained by fraud is void.
        </p>

        <h4>B9. Price-match policy</h4>
        <p>
          Participating retailers will match a lower price that a local competitor currently
          advertises for the identical item (same brand, model, size and condition) in stock. Show
          the advertised price when you order or at pickup. Clearance, bundle, membership-only and
          online-marketplace prices are excluded, and each retailer decides whether a price
          qualifies.
        </p>

        <h4>B10. Availability</h4>
        <p>
          Stock is shown as &ldquo;{stockStatus(3).label}&rdquo;, &ldquo;{stockStatus(2).label}
          &rdquo;, &ldquo;{stockStatus(1).label}&rdquo; or &ldquo;{stockStatus(0).label}&rdquo; from
          the retailer&rsquo;s own feed (see A1). Shelves move fast: an item can sell out before
          your order is confirmed, in which case you are told and not charged.
        </p>

        <h4>B11. Electronic communications</h4>
        <p>
          You agree that we may communicate with you electronically: verification codes, order and
          pickup updates, receipts and notices about these terms are sent by email or in the app,
          and they satisfy any legal requirement that such communications be in writing. Marketing
          messages are sent only if you agree, and every one of them lets you unsubscribe.
        </p>

        <h4>B12. Reviews</h4>
        <p>
          Reviews must describe your own experience, honestly. Do not review a store you own or work
          for, and say so if you were given anything for your review. We may decline or remove
          reviews that are false, offensive, off-topic or contain personal information. By posting a
          review you let us display it on {app}.
        </p>

        <h4>B13. Software-as-a-service billing</h4>
        <p>
          Store owners who use Manage Your Store subscribe to a plan, billed in advance for each
          term. Invoices are due within {TERMS.paymentTermsDays} days. Plans renew automatically
          unless cancelled with at least {TERMS.nonRenewalNoticeDays} days&rsquo; notice before
          renewal. Late invoices may pause your listings after written notice and a{' '}
          {TERMS.curePeriodDays}-day period to pay. Taxes on fees are added where they apply.
        </p>

        <h4>B14. Arbitration</h4>
        <p>
          If we cannot settle a dispute with you informally, it will be resolved by binding
          arbitration on an individual basis, not in a class or representative action, except that
          either of us may bring a qualifying claim in small-claims court. You may opt out of
          arbitration by writing to us before you first use {app}&rsquo;s paid services. Nothing
          here limits rights that the law of your place of residence does not allow to be limited.
        </p>

        <h4>B15. Changes and contact</h4>
        <p>
          We may update these terms; we will tell you of material changes by email or in the app
          before they take effect, and using {app} afterwards means you accept them. Questions? Our
          support team is available {TERMS.supportHours}.
        </p>
      </section>
    </article>
  );
}
