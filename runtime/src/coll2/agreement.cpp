// The members' comparison of each call on the conduit's engine (see agreement.hpp).
#include "coll2/agreement.hpp"

#include "coll/backoff.hpp"
#include "coll2/engine.hpp"
#include "coll2/roles.hpp"
#include "coll2/signature.hpp"

namespace pgas::rt::coll2 {
namespace {

AgreementQueue &queue(Team &team) {
  if (!team.agreements) team.agreements = std::make_shared<AgreementQueue>();
  return *team.agreements;
}

// Posts `a`'s messages (its out words and sources filled) and queues it.
Agreement &post(Team &team, std::unique_ptr<Agreement> a) {
  a->in.assign(a->out.size(), 0);
  chosen_engine()->exchange(team.engine, a->out.data(), a->in.data(), 2, a->sources.data(), &a->first,
                            &a->rest);
  return *queue(team).entries.emplace_back(std::move(a));
}

// Stops the job when the words of a member that `sources` marks as `part` disagree with this member's call.
void check(const Team &team, const Agreement &a, bool part) {
  for (int t = 0; t < team.size(); ++t) {
    const auto k = static_cast<std::size_t>(t);
    if (t == team.rank || (a.sources[k] != 0) != part) continue;
    compare_signatures(team, a.sequence, a.signature, t, a.in[2 * k]);
    if (!refused(a.signature) && a.in[2 * k + 1] != a.expected[k])
      size_mismatch(team, a.name, a.sequence, team.rank, t, a.expected[k], a.in[2 * k + 1]);
  }
}

// One look at `a`'s sources' words: true once they are in and agree.
bool sources_agree(const Team &team, Agreement &a) {
  if (a.sources_agree) return true;
  if (!chosen_engine()->test(a.first)) return false;
  check(team, a, true);
  a.sources_agree = true;
  if (a.waiter != nullptr) a.waiter->agreed = true;
  return true;
}

// One look at the rest of `a` (its sources agree): true once every message of it is done and checked.
bool done(const Team &team, Agreement &a) {
  if (!chosen_engine()->test(a.rest)) return false;
  check(team, a, false);
  return true;
}

// A new exchange of call `sequence` that sends `signature` and 0 bytes to every member and waits for nobody.
std::unique_ptr<Agreement> exchange_of(const Team &team, std::uint64_t sequence, std::uint64_t signature,
                                       const char *name) {
  auto a = std::make_unique<Agreement>();
  a->sequence = sequence;
  a->signature = signature;
  a->name = name;
  const auto n = static_cast<std::size_t>(team.size());
  a->out.assign(2 * n, 0);
  for (std::size_t t = 0; t < n; ++t) a->out[2 * t] = signature;
  a->expected.assign(n, 0);
  a->sources.assign(n, 0);
  return a;
}

}  // namespace

Agreement &agree(Team &team, std::uint64_t sequence, const Description &call, std::uint64_t signature) {
  std::unique_ptr<Agreement> a = exchange_of(team, sequence, signature, call_name(call));
  for (int t = 0; t < team.size(); ++t) {
    a->sources[static_cast<std::size_t>(t)] =
        call.kind == Kind::kBarrier || reads_from(call.kind, team.rank, t, call.root, team.size());
    a->out[static_cast<std::size_t>(2 * t + 1)] = bytes_sent(call, team.rank, t, team.size());
    a->expected[static_cast<std::size_t>(t)] = bytes_expected(call, team.rank, t, team.size());
  }
  return post(team, std::move(a));
}

void agree_on_refusal(Team &team, std::uint64_t sequence, Kind kind, bool variable, upccoll_return_t error) {
  post(team,
       exchange_of(team, sequence, refusal_signature(kind, variable, error), kind_name(kind, variable)));
}

bool advance_agreements(Team &team) {
  if (!team.agreements) return true;
  auto &entries = team.agreements->entries;
  for (const auto &a : entries) sources_agree(team, *a);
  // The rest in call order, from the oldest: a later exchange's members are seldom done before an earlier's.
  while (!entries.empty() && entries.front()->sources_agree && done(team, *entries.front()))
    entries.pop_front();
  return entries.empty();
}

void check_agreements(const Team &team) {
  if (!team.agreements) return;
  // The exchanges still waiting for their sources, and the oldest: a later exchange waits for the rest of
  // its words only behind it (advance_agreements), so a member that never sends them stops the oldest first.
  const auto &entries = team.agreements->entries;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Agreement &a = *entries[i];
    if (i > 0 && a.sources_agree) continue;
    for (int t = 0; t < team.size(); ++t)
      if (t != team.rank) check_member(team, t, a.sequence, a.signature, a.name);
  }
}

void wait_for_agreement(Team &team, const Agreement &agreement) {
  const std::uint64_t s = agreement.sequence;  // `agreement` is gone once done
  const auto waiting = [&] {
    advance_agreements(team);
    for (const auto &a : team.agreements->entries)
      if (a->sequence == s) return !a->sources_agree;
    return false;
  };
  RareChecks checks;
  for (coll::Backoff backoff; waiting(); backoff.pause())
    if (checks.due(backoff)) check_agreements(team);
}

void settle_agreements(Team &team) {
  RareChecks checks;
  for (coll::Backoff backoff; !advance_agreements(team); backoff.pause())
    if (checks.due(backoff)) check_agreements(team);
}

}  // namespace pgas::rt::coll2
