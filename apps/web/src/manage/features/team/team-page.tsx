import {
  type ImageRef,
  type TeamMember,
  type TeamMemberCreateRequest,
  teamMemberCreateRequest,
} from '@localmart/contract';
import { useState } from 'react';
import { useCurrentStore } from '../../lib/store-context.tsx';
import {
  catalogEditApi,
  catalogEditKeys,
  useCatalogActions,
  useCatalogList,
} from '../../lib/catalog-edit-api.ts';
import { CatalogEditorPage } from '../../components/catalog-editor-page.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ImageField } from '../../components/image-field.tsx';
import { DeleteButton, MoveButtons, RowButton } from '../../components/row-actions.tsx';
import { TextAreaField, TextField } from '../../components/text-fields.tsx';
import { useDialogSave } from '../../lib/use-dialog-save.ts';
import { QueryStates } from '../../components/query-states.tsx';

/** The team shown on the store page: cards in order, each with a photo, role and short bio. */
export function TeamPage() {
  const store = useCurrentStore();
  const api = catalogEditApi(store.businessId);
  const team = useCatalogList(catalogEditKeys.team(store.businessId), api.listTeam);
  const { write, run, quick } = useCatalogActions(store.businessId);
  const [editing, setEditing] = useState<{ member: TeamMember | null } | null>(null);
  const list = team.data ?? [];

  return (
    <CatalogEditorPage
      title="Team"
      subtitle="The people shoppers meet at your store."
      addLabel="Add team member"
      onAdd={() => setEditing({ member: null })}
      writeError={write.error}
    >
      <QueryStates
        query={team}
        loadingLabel="Loading team…"
        isEmpty={() => list.length === 0}
        emptyTitle="No team members yet"
        emptyText={<p>Introduce the people behind the counter.</p>}
      >
        {() => (
          <ul className="ce-grid" aria-label="Team members">
            {list.map((member, index) => (
              <li key={member.id} className="ce-tile">
                <img src={member.photo.url} alt={member.photo.alt || member.name} />
                <div>
                  <strong>{member.name}</strong>
                  <div className="ce-muted">{member.role}</div>
                  {member.bio ? <p>{member.bio}</p> : null}
                </div>
                <div className="ce-row-actions">
                  <RowButton onClick={() => setEditing({ member })}>Edit {member.name}</RowButton>
                  <MoveButtons
                    index={index}
                    count={list.length}
                    earlier={{ text: '←', label: `Move ${member.name} earlier` }}
                    later={{ text: '→', label: `Move ${member.name} later` }}
                    onMove={(position) =>
                      quick(() => api.updateTeamMember(member.id, { position }))
                    }
                  />
                  <DeleteButton
                    confirmWhat={member.name}
                    onDelete={() => quick(() => api.deleteTeamMember(member.id))}
                  >
                    Delete {member.name}
                  </DeleteButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {editing ? (
        <TeamMemberDialog
          businessId={store.businessId}
          member={editing.member}
          onCancel={() => setEditing(null)}
          onSave={async (body) => {
            await run(() =>
              editing.member
                ? api.updateTeamMember(editing.member.id, body)
                : api.addTeamMember(body),
            );
            setEditing(null);
          }}
        />
      ) : null}
    </CatalogEditorPage>
  );
}

function TeamMemberDialog({
  businessId,
  member,
  onSave,
  onCancel,
}: {
  businessId: string;
  member: TeamMember | null;
  onSave: (body: TeamMemberCreateRequest) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState(member?.name ?? '');
  const [role, setRole] = useState(member?.role ?? '');
  const [bio, setBio] = useState(member?.bio ?? '');
  const [photo, setPhoto] = useState<ImageRef | null>(member?.photo ?? null);
  const { busy, error, setError, runChecked } = useDialogSave();

  const save = async () => {
    if (!photo) {
      setError('Add a photo.');
      return;
    }
    const body: TeamMemberCreateRequest = { name, role, bio, photo };
    await runChecked(teamMemberCreateRequest, body, onSave);
  };

  return (
    <FormDialog
      title={member ? `Edit ${member.name}` : 'Add team member'}
      busy={busy}
      error={error}
      onSubmit={() => void save()}
      onCancel={onCancel}
    >
      <div className="mys-form-grid">
        <TextField label="Name" value={name} onChange={setName} />
        <TextField
          label="Role"
          value={role}
          placeholder="Head chef, Pharmacist…"
          onChange={setRole}
        />
      </div>
      <TextAreaField label="Bio" rows={3} value={bio} onChange={setBio} />
      <ImageField
        businessId={businessId}
        label="Photo"
        value={photo}
        alt={name}
        optional={false}
        onChange={setPhoto}
      />
    </FormDialog>
  );
}
