import { type BrandPartner, brandMessages, GTIN_PREFIX_PATTERN } from '@localmart/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { QueryStates } from '../../components/query-states.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { ManagePage } from '../../shell/manage-page.tsx';
import { applyForBrand, brandKeys, useMyBrandPartners } from './brands-api.ts';
import { BrandStatusBadge } from './brand-status.tsx';
import '../../components/buttons.css';
import './brands.css';

/** "Acme, Acme Kids" → ['Acme', 'Acme Kids']; commas, semicolons or new lines separate. */
const listOf = (text: string) =>
  text
    .split(/[,;\n]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * /manage/brands: the brand partners the user belongs to, and the application for a new one. A
 * brand names its brands and GS1 company prefixes; Localmart approves it before it edits anything.
 */
export function BrandsHomePage() {
  const mine = useMyBrandPartners();
  return (
    <ManagePage
      title="Brand partners"
      subtitle="Brands supply the product content every store selling their products shows: titles, descriptions, photos and details."
    >
      <QueryStates
        query={mine}
        isEmpty={(rows) => rows.length === 0}
        emptyTitle="You are not a brand partner yet."
        emptyText="Apply below with the brands and GS1 company prefixes you speak for."
      >
        {(rows) => (
          <ul className="bp-list" aria-label="Your brand partners">
            {rows.map((partner) => (
              <PartnerItem key={partner.id} partner={partner} />
            ))}
          </ul>
        )}
      </QueryStates>
      <ApplyForm />
    </ManagePage>
  );
}

function PartnerItem({ partner }: { partner: BrandPartner }) {
  return (
    <li className="mys-card bp-item">
      <Link to={`/manage/brands/${partner.id}`}>{partner.name}</Link>
      <BrandStatusBadge status={partner.status} />
      <span className="bp-claims">{[...partner.brands, ...partner.gtinPrefixes].join(', ')}</span>
    </li>
  );
}

function ApplyForm() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [brands, setBrands] = useState('');
  const [prefixes, setPrefixes] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: applyForBrand,
    onSuccess: () => {
      setName('');
      setBrands('');
      setPrefixes('');
      setNote('');
      void queryClient.invalidateQueries({ queryKey: brandKeys.mine });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const gtinPrefixes = listOf(prefixes).map((prefix) => prefix.replace(/\s+/g, ''));
    if (!name.trim()) return setProblem(brandMessages.nameRequired);
    if (gtinPrefixes.some((prefix) => !GTIN_PREFIX_PATTERN.test(prefix))) {
      return setProblem(brandMessages.prefixDigits);
    }
    if (listOf(brands).length + gtinPrefixes.length === 0) {
      return setProblem(brandMessages.claimsRequired);
    }
    setProblem(null);
    apply.mutate({ name: name.trim(), brands: listOf(brands), gtinPrefixes, note: note.trim() });
  }

  const failure = problem ?? (apply.isError ? errorMessage(apply.error) : null);
  return (
    <form
      className="mys-card bp-apply"
      onSubmit={submit}
      aria-labelledby="bp-apply-title"
      noValidate
    >
      <h2 id="bp-apply-title">Apply as a brand partner</h2>
      <label className="mys-field">
        <span>Organisation name</span>
        <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="organization" />
      </label>
      <label className="mys-field">
        <span>Brands (separate with commas)</span>
        <input
          value={brands}
          onChange={(e) => setBrands(e.target.value)}
          placeholder="Acme, Acme Kids"
        />
      </label>
      <label className="mys-field">
        <span>GS1 company prefixes (6 to 12 digits, separate with commas)</span>
        <input
          value={prefixes}
          inputMode="numeric"
          onChange={(e) => setPrefixes(e.target.value)}
          placeholder="0614141"
        />
      </label>
      <label className="mys-field">
        <span>How can we check you speak for these brands? (optional)</span>
        <textarea rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      {failure ? (
        <p className="mys-field-error" role="alert">
          {failure}
        </p>
      ) : null}
      {apply.isSuccess ? <p role="status">{apply.data.message}</p> : null}
      <div>
        <button
          type="submit"
          className="mys-plain-button mys-plain-button-primary"
          disabled={apply.isPending}
        >
          {apply.isPending ? 'Sending…' : 'Send application'}
        </button>
      </div>
    </form>
  );
}
